import AssetCore

/// `kind: symbol`: a custom SF Symbol drawn from an SVG glyph (`<Name>.symbolset`).
package struct SymbolSpec: Hashable, Sendable {
    package var source: SourceFile
    package var weights: SymbolWeights

    package init(source: SourceFile, weights: SymbolWeights = SymbolWeights()) {
        self.source = source
        self.weights = weights
    }
}
