import AssetCore
/// Symbols: custom SF Symbols (`.symbolset` templates) made from plain stroke or fill glyphs,
/// with real weights, on any platform.
///
/// The geometry comes from real libraries only: librsvg resolves the SVG (shapes, transforms,
/// `<use>`, `currentColor`) and draws it onto Cairo's SVG surface, in a sandbox worker when the
/// build has one (`VectorImage.export`); this module reads that machine-written document back with
/// libxml2 (`CairoPaths`), outlines each stroke with FreeType's stroker at three widths
/// (`StrokeOutliner`), checks that the three outlines can be interpolated, and writes the template
/// (`SymbolTemplate`). It reads templates for verify too (`SymbolSetCheck`). It draws no pixels
/// and does no file I/O.
import Foundation

/// A symbol template made from one drawing.
package struct SymbolDrawing: Sendable {
    /// The template SVG document (UTF-8).
    package var template: Data
    /// True when the three variants are the real weights; false when the Regular outline was
    /// put in all three slots because the weights could not be interpolated.
    package var weighted: Bool
    /// Problems worth a warning, worded for the user ("dashed strokes are drawn solid").
    package var warnings: [String]
    /// The points of the three variants' paths, Ultralight, Regular, Black (equal when `weighted`).
    package var pointCounts: [Int]
}

/// The entry point: Cairo's SVG rendition of a glyph in, a symbol template out.
package enum SymbolMaker {
    /// How much larger than its own size the source is drawn onto Cairo's SVG surface: Cairo
    /// keeps path coordinates in 1/256 of a page unit, so a 24-px glyph drawn 16 times larger
    /// keeps 1/4096 px.
    package static let exportScale = 16.0

    /// The template for a drawing whose canvas is `width` × `height` px, given as the document
    /// Cairo's SVG surface wrote when librsvg drew it `scale` times larger (`exportScale` unless
    /// the drawing is too large for that). `name` goes in the notes layer.
    package static func make(cairoSVG: Data, width: Double, height: Double, scale exportScale: Double = exportScale,
                             name: String, weights: SymbolWeights = .standard) throws(SymbolError) -> SymbolDrawing {
        let (drawn, ignored) = try CairoPaths.read(cairoSVG)
        guard width > 0, height > 0, !drawn.isEmpty else { throw .empty }
        try checkLimits(drawn)
        var warnings: [String] = []
        if drawn.contains(where: { if case .stroke(_, true) = $0.paint { true } else { false } }) {
            warnings.append("dashed strokes are drawn solid")
        }
        if drawn.contains(where: { $0.paint == .fill(evenOdd: true) }) {
            warnings.append("an even-odd fill is drawn with nonzero winding, so its holes may fill")
        }
        if !ignored.isEmpty { warnings.append("left out: " + ignored.joined(separator: ", ")) }

        let scale = SymbolTemplate.boxHeight / height
        let toTemplate: (SymbolPoint) -> SymbolPoint = { page in
            SymbolPoint(page.x / exportScale * scale,
                        (page.y / exportScale - height / 2) * scale - SymbolTemplate.capHeight / 2)
        }
        let strokeWidths = drawn.compactMap { if case .stroke(let width, _) = $0.paint { width } else { nil } }
        // Without strokes the weights change nothing, and widths have nothing to be compared with.
        let ratios = try SymbolWeights.regularWidth(strokeWidths).map { (regular: Double) throws(SymbolError) in
            try weights.ratios(regular: regular)
        } ?? [1, 1, 1]
        let outliner = try StrokeOutliner()
        // variants[v][p]: path p of variant v (Ultralight, Regular, Black), in template units.
        var variants: [[SymbolPath]] = [[], [], []]
        for path in drawn {
            let outlines: [SymbolPath]
            switch path.paint {
            case .fill: outlines = [path.path, path.path, path.path]
            case .stroke(let width, _): outlines = try strokes(path.path, width: width, ratios: ratios, outliner: outliner)
            }
            for index in 0..<3 {
                variants[index].append(outlines[index].mapped { toTemplate(CairoPaths.apply(path.matrix, $0)) })
            }
        }
        var weighted = true
        if let reason = mismatch(variants, drawn: drawn) {
            warnings.append("the weights cannot be interpolated (\(reason)); all three variants use the Regular outline")
            variants = [variants[1], variants[1], variants[1]]
            weighted = false
        }
        var columns: [SymbolTemplate.Column] = []
        for (variant, paths) in zip(SymbolVariant.allCases, variants) {
            let kept = paths.filter { !$0.contours.isEmpty }
            guard let bounds = kept.compactMap(\.bounds).reduce(nil, { (sum: SymbolBounds?, next) in sum?.union(next) ?? next }) else {
                throw .empty
            }
            let moved = kept.map { $0.mapped { SymbolPoint($0.x - bounds.minX, $0.y) } }
            columns.append(SymbolTemplate.Column(variant: variant, paths: moved, width: bounds.width))
        }
        let document = SymbolTemplate.document(columns, name: name)
        return SymbolDrawing(template: Data(document.utf8), weighted: weighted, warnings: warnings,
                             pointCounts: variants.map { $0.reduce(0) { $0 + $1.pointCount } })
    }

    /// How finely a curve is cut into lines when its outline changes structure with the width:
    /// 16 pieces of a quarter circle of 1 px deviate from it by 0.005 px.
    static let curvePieces = 16

    /// The stroke outlined at the three weights, so that the three outlines can be interpolated
    /// wherever FreeType allows it: the whole path with round joins (fewest points); where a
    /// corner or curve changes the outline's structure with the width (FreeType meets a joint
    /// on the inside differently when the stroke is wider than a segment is long, or than a curve
    /// is tight), each segment stroked on its own with round caps, which covers the same area;
    /// and where a curve still does, that curve cut into lines first.
    static func strokes(_ path: SymbolPath, width: Double, ratios: [Double],
                        outliner: StrokeOutliner) throws(SymbolError) -> [SymbolPath] {
        var outlines: [SymbolPath] = []
        for candidate in [path, path.pieces(), path.pieces(curvePieces: curvePieces)] {
            outlines = []
            for ratio in ratios { outlines.append(try outliner.outline(candidate, width: width * ratio)) }
            if Set(outlines.map(\.shape)).count == 1 { return outlines }
        }
        return outlines
    }

    /// Why the variants cannot be interpolated (the first path whose commands differ), or nil.
    static func mismatch(_ variants: [[SymbolPath]], drawn: [DrawnPath]) -> String? {
        for index in variants[1].indices {
            let shapes = variants.map { $0[index].shape }
            guard Set(shapes).count > 1 else { continue }
            let kind = if case .stroke = drawn[index].paint { "stroke" } else { "fill" }
            let counts = variants.map { "\($0[index].contours.count) contours, \($0[index].pointCount) points" }
            return "path \(index + 1) (a \(kind)) has \(counts[0]) at Ultralight, \(counts[1]) at Regular and \(counts[2]) at Black: FreeType's stroker changes its shape with the width"
        }
        return nil
    }
}
