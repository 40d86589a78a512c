import AssetCore
import Foundation
import Rendering
import Symbols
import Testing
import TestSupport

/// Symbols drawn from stroke glyphs through librsvg, Cairo's SVG surface and FreeType's stroker.
@Suite struct SymbolMakerTests {
    /// A 24-px stroke icon in the common form (Feather, Tabler, Lucide): 2-px round strokes.
    static func icon(_ body: String, join: String = "round") -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" \
        stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="\(join)">\(body)</svg>
        """
    }

    /// The drawing made from `svg` as the build makes it (librsvg → Cairo's SVG surface → SymbolMaker).
    static func make(_ svg: String, weights: SymbolWeights = .standard) throws -> SymbolDrawing {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("symbol-\(UUID().uuidString).svg")
        try Data(svg.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let image = try VectorImage(path: url.path)
        let scale = SymbolMaker.exportScale
        let page = VectorMeasure(width: image.intrinsicWidth * scale, height: image.intrinsicHeight * scale)
        let cairo = try image.export(as: .svg, page: page,
                                     placement: VectorPlacement.fitting(source: page, in: page, fill: true))
        return try SymbolMaker.make(cairoSVG: cairo, width: image.intrinsicWidth, height: image.intrinsicHeight,
                                    name: "test.svg", weights: weights)
    }

    static func text(_ drawing: SymbolDrawing) -> String { String(decoding: drawing.template, as: UTF8.self) }

    /// The `d` of every path of a variant group in the template.
    static func paths(_ drawing: SymbolDrawing, _ variant: String) -> [String] {
        let text = text(drawing)
        guard let start = text.range(of: "<g id=\"\(variant)\""),
              let end = text.range(of: "</g>", range: start.upperBound..<text.endIndex) else { return [] }
        let group = text[start.upperBound..<end.lowerBound]
        return group.components(separatedBy: " d=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func circleAndLinesKeepTheirPointCountsAtEveryWeight() throws {
        let drawing = try Self.make(Self.icon(#"<circle cx="11" cy="11" r="8"/><path d="m21 21-4.3-4.3"/><path d="M4 4 L8 12 L12 4"/>"#))
        #expect(drawing.weighted)
        #expect(drawing.warnings.isEmpty)
        #expect(Set(drawing.pointCounts).count == 1)
        #expect(drawing.pointCounts[0] > 20)
        let variants = SymbolVariant.allCases.map { Self.paths(drawing, $0.rawValue) }
        #expect(variants.map(\.count) == [3, 3, 3])
        #expect(variants[0] != variants[1] && variants[1] != variants[2])
        #expect(SymbolSetCheck.problems(template: drawing.template, name: "test.svg").isEmpty)
    }

    @Test func templateHasTheStructureOfAnExportedOne() throws {
        let text = Self.text(try Self.make(Self.icon(#"<path d="M5 12h14"/>"#)))
        for needle in ["width=\"3300\" height=\"2200\"", "<g id=\"Notes\">", "id=\"template-version\"", "Template v.6.0",
                       "<g id=\"Guides\">", "id=\"Baseline-S\"", "y1=\"696\"", "id=\"Capline-S\"", "y1=\"625.541\"",
                       "id=\"Baseline-M\"", "id=\"Capline-L\"", "id=\"left-margin-Ultralight-S\"", "id=\"right-margin-Black-S\"",
                       "<g id=\"Symbols\">", "<g id=\"Ultralight-S\"", "<g id=\"Regular-S\"", "<g id=\"Black-S\"",
                       ".monochrome-0 {", ".hierarchical-0:primary {", "class=\"monochrome-0 hierarchical-0:primary\""] {
            #expect(text.contains(needle), "\(needle)")
        }
    }

    /// A horizontal 2-px line through the middle of the 24-px box sits on the cap-height midline
    /// (y = -35.23 below the baseline's 0), 2 × 86/24 = 7.17 units thick at Regular, and the
    /// margins hug it: it starts at x = 0 in every variant.
    @Test func placementCentresTheBoxOnTheCapMidline() throws {
        let drawing = try Self.make(Self.icon(#"<path d="M5 12h14"/>"#, join: "round"))
        let regular = try #require(Self.paths(drawing, "Regular-S").first)
        let numbers = regular.split(whereSeparator: { !"-.0123456789".contains($0) }).compactMap { Double($0) }
        let xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
        let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
        #expect(abs((ys.min()! + ys.max()!) / 2 - (-35.2295)) < 0.01)
        #expect(abs((ys.max()! - ys.min()!) - 2 * 86 / 24) < 0.02)
        #expect(abs(xs.min()!) < 0.01)
        // 14 px of line plus two 1-px round caps.
        #expect(abs(xs.max()! - 16 * 86 / 24) < 0.02)
    }

    @Test func inkGrowsFromUltralightToBlack() throws {
        let drawing = try Self.make(Self.icon(#"<rect x="3" y="3" width="18" height="18" rx="2"/>"#))
        let widths = SymbolVariant.allCases.map { variant -> Double in
            let text = Self.text(drawing)
            let pattern = "id=\"right-margin-\(variant.rawValue)\" style=\"fill:none;stroke:#00AEEF;stroke-width:0.5;opacity:1.0;\" x1=\""
            let left = "id=\"left-margin-\(variant.rawValue)\" style=\"fill:none;stroke:#00AEEF;stroke-width:0.5;opacity:1.0;\" x1=\""
            func x(_ prefix: String) -> Double {
                guard let range = text.range(of: prefix) else { return .nan }
                return Double(text[range.upperBound...].prefix { $0 != "\"" }) ?? .nan
            }
            return x(pattern) - x(left)
        }
        // 18 px box plus one stroke: 0.31, 1 and 1.8 times 2 px, at 86/24 units a px.
        let expected = [0.31, 1, 1.8].map { (18 + 2 * $0) * 86 / 24 }
        for (width, wanted) in zip(widths, expected) { #expect(abs(width - wanted) < 0.05) }
    }

    @Test func fillsStayFillsAndWeightsOverride() throws {
        let drawing = try Self.make(Self.icon(#"<circle cx="12" cy="12" r="3" fill="black" stroke="none"/><path d="M2 12h4"/>"#),
                                    weights: SymbolWeights(ultralight: 0.5, black: 2.2))
        let variants = SymbolVariant.allCases.map { Self.paths(drawing, $0.rawValue) }
        #expect(variants.map(\.count) == [2, 2, 2])
        #expect(drawing.weighted)
    }

    /// Cairo writes a shape both filled and stroked as one `<path>`; both are drawn (Tabler's
    /// `dice` pips: a filled circle with its stroke around it).
    @Test func aShapeBothFilledAndStrokedKeepsBoth() throws {
        let drawing = try Self.make(Self.icon(#"<circle cx="8.5" cy="8.5" r=".5" fill="currentColor"/>"#))
        let variants = SymbolVariant.allCases.map { Self.paths(drawing, $0.rawValue) }
        #expect(variants.map(\.count) == [2, 2, 2])
        // The fill is the same at every weight (only moved with the margins): its ys are equal.
        func ys(_ d: String) -> [Substring] {
            let numbers = d.split(whereSeparator: { !"-.0123456789".contains($0) })
            return stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
        }
        #expect(ys(variants[0][0]) == ys(variants[2][0]))
        #expect(ys(variants[0][1]) != ys(variants[2][1]))
    }

    @Test func dashesAreDrawnSolidWithAWarning() throws {
        let drawing = try Self.make(Self.icon(#"<path d="M2 12h20" stroke-dasharray="2 2"/>"#))
        #expect(drawing.warnings == ["dashed strokes are drawn solid"])
    }

    /// Widths in user units are ratios of the drawing's Regular width (the width most strokes have):
    /// 0.62px and 3.6px on a 2-px icon are the default 0.31 and 1.8, and a 1-px detail keeps its
    /// proportion (0.31 px and 1.8 px).
    @Test func absoluteWidthsAreRatiosOfTheRegularWidth() throws {
        let body = #"<path d="M4 6h16"/><path d="M4 12h16"/><path d="M4 18h16" stroke-width="1"/>"#
        let standard = try Self.make(Self.icon(body))
        let absolute = try Self.make(Self.icon(body), weights: SymbolWeights(ultralight: 0.9, black: 1.1, ultralightWidth: 0.62, blackWidth: 3.6))
        #expect(absolute.template == standard.template)
        let thicker = try Self.make(Self.icon(body), weights: SymbolWeights(ultralight: 0.31, black: 1.8, blackWidth: 5))
        #expect(Self.paths(thicker, "Black-S") != Self.paths(standard, "Black-S"))
        #expect(Self.paths(thicker, "Ultralight-S") == Self.paths(standard, "Ultralight-S"))
    }

    @Test func absoluteWidthsMustBracketTheRegularWidth() throws {
        #expect(throws: SymbolError.weights("an Ultralight stroke 2 px wide is not thinner than the drawing's own 2-px stroke (Regular)",
                                            fix: "give \"ultralight\" in \"weights\" a width below 2px, or a ratio such as 0.31")) {
            try Self.make(Self.icon(#"<path d="M2 12h20"/>"#), weights: SymbolWeights(ultralight: 0.31, black: 1.8, ultralightWidth: 2))
        }
        #expect(throws: SymbolError.weights("a Black stroke 1.5 px wide is not wider than the drawing's own 2-px stroke (Regular)",
                                            fix: "give \"black\" in \"weights\" a width above 2px, or a ratio such as 1.8")) {
            try Self.make(Self.icon(#"<path d="M2 12h20"/>"#), weights: SymbolWeights(ultralight: 0.31, black: 1.8, blackWidth: 1.5))
        }
    }

    @Test func widthsAreNotCheckedAgainstADrawingWithoutStrokes() throws {
        let drawing = try Self.make(Self.icon(#"<circle cx="12" cy="12" r="6" fill="black" stroke="none"/>"#),
                                    weights: SymbolWeights(ultralight: 0.31, black: 1.8, ultralightWidth: 5, blackWidth: 0.5))
        #expect(drawing.weighted)
        #expect(Self.paths(drawing, "Ultralight-S") == Self.paths(drawing, "Black-S"))
    }

    @Test func aDrawingWithNothingVisibleIsRefused() throws {
        #expect(throws: SymbolError.empty) { try Self.make(Self.icon(#"<path d="M2 12h20" stroke="none"/>"#)) }
    }
}
