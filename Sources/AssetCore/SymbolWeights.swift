/// The stroke widths of a custom symbol's Ultralight and Black variants, typed once for the
/// manifest (`weights: {ultralight: 0.31, black: 1.8}`), the plan's render job and the symbol
/// maker: as ratios of the drawing's own width (Regular), or as widths in the SVG's user units
/// (`weights: {ultralight: 0.75px, black: 3px}`), which the build turns into ratios.
///
/// Defaults measured on a real SF Symbols export (`custom.line.3.horizontal.decrease.slash` in
/// nextcloud/talk-ios @ 4635e4d7, template v5.0): its bars are 2.18, 7.06 and 12.70 units thick at
/// Ultralight-S, Regular-S and Black-S, so Ultralight is 0.31 of Regular and Black 1.8 times it.
package struct SymbolWeights: Hashable, Sendable, Codable {
    package static let defaultUltralight = 0.31
    package static let defaultBlack = 1.8
    /// The ratios a manifest may give.
    package static let ultralightRange = 0.05...1.0
    package static let blackRange = 1.0...4.0
    /// The widest stroke width in px a manifest may give (the largest SVG canvas side read): a
    /// wider one is refused before FreeType sees it (`1e7px` made its stroker write out of bounds).
    package static let maximumWidth = 16384.0

    /// The manifest's keys of `weights:`, the two weights drawn besides Regular.
    package enum Key: String, CaseIterable, Sendable {
        case ultralight, black

        /// The ratios a manifest may give for this weight.
        package var range: ClosedRange<Double> { self == .ultralight ? SymbolWeights.ultralightRange : SymbolWeights.blackRange }
    }

    /// Apple's own ratios.
    package static let standard = SymbolWeights()

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
