/// Bounds on the drawing a symbol is made from, checked before FreeType outlines anything: every
/// stroke is outlined three times and each variant compared, so 100,000 strokes took 47 s in the
/// build process. SF Symbols glyphs have tens of paths and a few hundred segments.
extension SymbolMaker {
    /// Paths (strokes and fills) a symbol's drawing may have.
    package static let maximumPaths = 1_000
    /// Segments (lines and curves) over all its paths.
    package static let maximumSegments = 20_000

    static func checkLimits(_ drawn: [DrawnPath]) throws(SymbolError) {
        guard drawn.count <= maximumPaths else {
            throw .unsupported("more than \(maximumPaths) paths (this drawing has \(drawn.count))")
        }
        let segments = drawn.reduce(0) { total, item in total + item.path.contours.reduce(0) { $0 + $1.segments.count + 1 } }
        guard segments <= maximumSegments else {
            throw .unsupported("more than \(maximumSegments) path segments (this drawing has \(segments))")
        }
    }
}
