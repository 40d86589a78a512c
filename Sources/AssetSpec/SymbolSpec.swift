import AssetCore

/// `kind: symbol`: a custom SF Symbol drawn from an SVG glyph (`<Name>.symbolset`).
package struct SymbolSpec: Hashable, Sendable {
    package var source: SourceFile
    package var weights: SymbolWeightsSpec

    package init(source: SourceFile, weights: SymbolWeightsSpec = SymbolWeightsSpec()) {
        self.source = source
        self.weights = weights
    }
}

/// `weights: {ultralight: 0.31, black: 1.8}`: the stroke widths of a symbol's Ultralight and
/// Black variants as ratios of the drawing's own width (Regular), or as widths in the SVG's user
/// units (`weights: {ultralight: 0.75px, black: 3px}`). The defaults are Apple's own ratios (see
/// `SymbolWeights.standard` in the Symbols module, which must stay equal).
package struct SymbolWeightsSpec: Hashable, Sendable {
    package static let defaultUltralight = 0.31
    package static let defaultBlack = 1.8
    package static let ultralightRange = 0.05...1.0
    package static let blackRange = 1.0...4.0
    /// The widest stroke width in px a manifest may give (the largest SVG canvas side read): a
    /// wider one is refused before FreeType sees it (`1e7px` made its stroker write out of bounds).
    package static let maximumWidth = 16384.0

    /// Ratios of the drawn width, used where no width is given.
    package var ultralight: Double
    package var black: Double
    /// Widths in the SVG's user units (`0.75px`), used instead of the ratio when given; they must
    /// be thinner (Ultralight) and wider (Black) than the drawing's own width, which the build checks.
    package var ultralightWidth: Double?
    package var blackWidth: Double?

    package init(ultralight: Double = defaultUltralight, black: Double = defaultBlack,
                 ultralightWidth: Double? = nil, blackWidth: Double? = nil) {
        self.ultralight = ultralight
        self.black = black
        self.ultralightWidth = ultralightWidth
        self.blackWidth = blackWidth
    }
}
