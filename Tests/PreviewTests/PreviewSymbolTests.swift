import AssetCore
import Foundation
import PNGCodec
import Preview
import Rendering
import Symbols
import Testing
import TestSupport

/// Custom symbols in the preview (issue 27): the template's variant groups drawn by librsvg at the
/// three scales on one baseline, ink growing with the weight, beside the bitmap glyph, and a tab
/// bar whose selected tab shows the `.fill` twin.
@Suite struct PreviewSymbolTests {
    static let star = #"<path d="M12 2.8 L14.7 8.6 L21 9.3 L16.3 13.6 L17.6 19.9 L12 16.7 L6.4 19.9 L7.7 13.6 L3 9.3 L9.3 8.6 Z"/>"#

    /// A 24-px glyph: 2-px round strokes, or filled and stroked.
    static func glyph(_ body: String, filled: Bool = false) -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="\(filled ? "black" : "none")" \
        stroke="black" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">\(body)</svg>
        """
    }

    /// The template the build makes from `svg` (librsvg → Cairo's SVG surface → SymbolMaker).
    static func template(_ svg: String) throws -> Data {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("preview-symbol-\(UUID().uuidString).svg")
        try Data(svg.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let image = try VectorImage(path: url.path)
        let scale = SymbolMaker.exportScale
        let page = VectorMeasure(width: image.intrinsicWidth * scale, height: image.intrinsicHeight * scale)
        let cairo = try image.export(as: .svg, page: page, placement: VectorPlacement.fitting(source: page, in: page, fill: true))
        return try SymbolMaker.make(cairoSVG: cairo, width: 24, height: 24, name: "star.svg").template
    }

    /// A catalog with a tab pair `Star`/`Star.selected` (solid template bitmaps), its symbol
    /// `Star.symbol` and, when `fill`, its twin `Star.symbol.fill`; and a second tab `Home` without one.
    static func catalog(fill: Bool = true) throws -> PreviewCatalog {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("preview-symbols-\(UUID().uuidString)/Assets.xcassets").path
        func folder(_ name: String) throws -> String {
            try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true)
            return root + "/" + name
        }
        for name in ["Star", "Star.selected", "Home", "Home.selected"] {
            let path = try folder(name + ".imageset")
            var entries: [String] = []
            for scale in [2, 3] {
                let file = "\(name)@\(scale)x.png"
                try PNGCodec.encode(Bitmap(width: 25 * scale, height: 25 * scale, filledWith: RGBAColor(red: 0, green: 0, blue: 0)),
                                    channels: .rgba).write(to: URL(fileURLWithPath: path + "/" + file))
                entries.append(#"{"filename":"\#(file)","idiom":"universal","scale":"\#(scale)x"}"#)
            }
            try #"{"images":[\#(entries.joined(separator: ","))],"info":{"author":"xcode","version":1},"properties":{"template-rendering-intent":"template"}}"#
                .write(toFile: path + "/Contents.json", atomically: true, encoding: .utf8)
        }
        var symbols = [("Star.symbol", try template(glyph(star)))]
        if fill { symbols.append(("Star.symbol.fill", try template(glyph(star, filled: true)))) }
        for (name, template) in symbols {
            let path = try folder(name + ".symbolset")
            try template.write(to: URL(fileURLWithPath: path + "/\(name).svg"))
            try #"{"info":{"author":"xcode","version":1},"properties":{"symbol-rendering-intent":"template"},"symbols":[{"filename":"\#(name).svg","idiom":"universal"}]}"#
                .write(toFile: path + "/Contents.json", atomically: true, encoding: .utf8)
        }
        return PreviewCatalog.read(at: root)
    }

    static func ink(_ bitmap: Bitmap) -> Int {
        stride(from: 3, to: bitmap.pixels.count, by: 4).reduce(0) { $0 + Int(bitmap.pixels[$1]) }
    }

    static func count(_ bitmap: Bitmap, rows: Range<Int>, columns: Range<Int>, where match: (RGBAColor) -> Bool) -> Int {
        var found = 0
        for y in rows where y < bitmap.height {
            for x in columns where x < bitmap.width && match(bitmap.pixel(x: x, y: y)) { found += 1 }
        }
        return found
    }

    @Test func symbolSectionsFollowTheBars() throws {
        let sections = try PreviewSheet.sections(try Self.catalog(), style: PreviewStyle.ios18, notes: [])
        #expect(sections.map(\.title) == ["Tab bars", "Tab bar with custom symbols", "Greyscale check", "Custom symbols"])
        // The twin is shown under its outline, not as a symbol of its own.
        #expect(try Self.catalog().symbolSets.map(\.name) == ["Star.symbol"])
    }

    @Test func weightsAndScalesSitOnOneBaselineWithInkGrowing() throws {
        let symbol = try #require(try Self.catalog().set(named: "Star.symbol")?.symbol)
        #expect(symbol.problems.isEmpty)
        // 17-pt text at @3x: 0.51 px a unit; strips 110 units above the baseline and 30 below.
        let unit = 0.51
        for scale in PreviewSymbol.Scale.allCases {
            let drawings = PreviewSymbol.Weight.allCases.compactMap { symbol.grid[$0]?[scale] }
            try #require(drawings.count == 3, "\(scale)")
            let factor = scale.fromSmall
            for drawing in drawings {
                #expect(drawing.baseline == Int((110 * unit * factor).rounded()), "\(scale)")
                #expect(drawing.bitmap.height == Int((140 * unit * factor).rounded(.up)), "\(scale)")
                #expect(drawing.derived == (scale != .small), "ours draws only the small variants")
            }
            let inks = drawings.map { Self.ink($0.bitmap) }
            #expect(inks[0] < inks[1] && inks[1] < inks[2], "ink grows Ultralight < Regular < Black at \(scale): \(inks)")
            #expect(drawings[0].bitmap.pixels != drawings[1].bitmap.pixels)
            // Black at 1.8 times Regular's width: clearly more ink, not a rounding difference.
            #expect(Double(inks[2]) > 1.3 * Double(inks[1]), "\(inks)")
        }
        // The star spans 18 px of 24 and its 2-px stroke 1 px more each side: 20/24 × 86 units.
        let regular = try #require(symbol.grid[.regular]?[.small]).bitmap.width
        #expect(abs(Double(regular) - 20.0 / 24 * 86 * unit) < 3, "\(regular) px")
        let medium = try #require(symbol.grid[.regular]?[.medium]).bitmap.width
        #expect(abs(Double(medium) / Double(regular) - 1 / 0.783) < 0.06)
    }

    @Test func symbolSectionLayout() throws {
        let section = try #require(try PreviewSheet.sections(try Self.catalog(), style: PreviewStyle.ios18, notes: [])
            .first { $0.title == "Custom symbols" })
        // Two rows (the symbol and its twin), each 34 px of headings, the large strip
        // (140 units × 0.51 × 1.29 / 0.783 = 118 px) and 44 px of scale letters and ink figures.
        let strip = Int((140 * 0.51 * 1.29 / 0.783).rounded(.up))
        #expect(section.picture.width == 1400)
        #expect(section.picture.height == 44 + 2 * (34 + strip + 44) + 10)
        #expect(section.lines.count == 2)
        #expect(section.lines[0].hasPrefix("Star.symbol: ink at M: Ultralight "))
        #expect(section.lines[1].hasPrefix("Star.symbol.fill: "))
        // The first row's baseline guide: 44 + 34 + the large strip's 110 units above its baseline.
        let baseline = 44 + 34 + Int((110 * 0.51 * 1.29 / 0.783).rounded())
        let guide = { (color: RGBAColor) in Int(color.blue) > Int(color.red) + 60 && color.blue > 200 }
        #expect(Self.count(section.picture, rows: baseline..<(baseline + 1), columns: 1100..<1370, where: guide) > 250)
        #expect(Self.count(section.picture, rows: (baseline + 3)..<(baseline + 4), columns: 1100..<1370, where: guide) == 0)
        // The glyphs stand on it: dark ink right above the baseline in the weight columns, none far below.
        let dark = { (color: RGBAColor) in color.red < 80 && color.green < 80 }
        #expect(Self.count(section.picture, rows: (baseline - 12)..<baseline, columns: 100..<700, where: dark) > 100)
        #expect(Self.count(section.picture, rows: (baseline + 8)..<(baseline + 30), columns: 100..<700, where: dark) == 0)
    }

    /// The build's warnings about a symbol are written under its row (not those about its bitmaps).
    @Test func symbolWarningsAreShownUnderTheirRow() throws {
        let catalog = try Self.catalog()
        let notes = [PreviewNote(asset: "Star", text: "symbol \"Star\" from \"star.svg\": dashed strokes are drawn solid", isError: false),
                     PreviewNote(asset: "Star", text: "glyph is larger than the box", isError: false)]
        let plain = try #require(try PreviewSheet.sections(catalog, style: PreviewStyle.ios18, notes: []).first { $0.title == "Custom symbols" })
        let noted = try #require(try PreviewSheet.sections(catalog, style: PreviewStyle.ios18, notes: notes).first { $0.title == "Custom symbols" })
        #expect(noted.picture.height == plain.picture.height + 20)
        #expect(noted.lines.filter { $0.hasPrefix("warning:") }
                == ["warning: Star.symbol: symbol \"Star\" from \"star.svg\": dashed strokes are drawn solid"])
        // In the warning colour, in the 20 px under the first row.
        let rowEnd = 44 + 34 + Int((140 * 0.51 * 1.29 / 0.783).rounded(.up)) + 44
        let orange = { (color: RGBAColor) in color.red > 150 && color.green < 160 && color.blue < 120 }
        #expect(Self.count(noted.picture, rows: (rowEnd - 8)..<(rowEnd + 12), columns: 0..<700, where: orange) > 100)
        #expect(Self.count(plain.picture, rows: (rowEnd - 8)..<(rowEnd + 12), columns: 0..<700, where: orange) == 0)
    }

    @Test func selectedTabShowsTheFillTwin() throws {
        let style = PreviewStyle.ios18
        func selectedInk(fill: Bool) throws -> Int {
            let bars = try #require(try PreviewSheet.sections(try Self.catalog(fill: fill), style: style, notes: [])
                .first { $0.title == "Tab bar with custom symbols" })
            let caption = "iPhone portrait @2x, symbols at the medium scale of 23-pt text · "
            #expect(bars.lines == [caption + "Home selected: its bitmap (no symbol)",
                                   caption + "Star selected: " + (fill ? "Star.symbol.fill" : "Star.symbol (no .fill twin)")])
            // The second bar (Star selected), iPhone @2x: 98 px tall, 138 px below the first.
            let rows = (138 + 28)..<(138 + 28 + 98)
            let starColumns = (24 + 390)..<(24 + 780)
            #expect(Self.count(bars.picture, rows: rows, columns: 24..<(24 + 390)) { $0 == style.unselectedTint } > 400,
                    "Home, not selected, in the unselected tint")
            return Self.count(bars.picture, rows: rows, columns: starColumns) { $0 == style.tint }
        }
        let filled = try selectedInk(fill: true), outline = try selectedInk(fill: false)
        #expect(outline > 200, "the outline in the tint")
        #expect(2 * filled > 3 * outline, "the filled twin has more ink: \(filled) against \(outline)")
    }

    /// A real app's hand-made template (nextcloud/talk-ios, exported by the SF Symbols app) draws too.
    @Test func handMadeTemplateIsDrawn() throws {
        let path = Fixtures.url("Symbols/RealWorld/talk-ios-bubble-badge/Assets.xcassets").path
        let symbol = try #require(PreviewCatalog.read(at: path).set(named: "custom.bubble.badge")?.symbol)
        #expect(symbol.problems.isEmpty, "\(symbol.problems)")
        let inks = PreviewSymbol.Weight.allCases.map { symbol.grid[$0]?[.medium].map { Self.ink($0.bitmap) } ?? 0 }
        #expect(inks[0] > 0 && inks[0] < inks[1] && inks[1] < inks[2], "\(inks)")
    }
}
