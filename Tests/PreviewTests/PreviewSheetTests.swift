import AssetCore
import Foundation
import PNGCodec
import Preview
import Testing

/// The preview as a designer sees it: the right sections, tabs drawn in the right tints, a badge,
/// a dimmed disabled tab, a truly greyscale copy, and the contrast figures.
@Suite struct PreviewSheetTests {
    static let tint = RGBAColor(red: 0x00, green: 0x7A, blue: 0xFF)
    static let unselected = RGBAColor(red: 0x8E, green: 0x8E, blue: 0x93)

    /// A catalog with four tab pairs (solid square template glyphs), a bar glyph, an app icon and an image.
    func catalog() throws -> PreviewCatalog {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("preview-\(UUID().uuidString)/Assets.xcassets").path
        func write(_ folder: String, template: Bool, images: [(String, Bitmap, String)]) throws {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            var entries: [String] = []
            for (file, bitmap, fields) in images {
                try PNGCodec.encode(bitmap, channels: .rgba).write(to: URL(fileURLWithPath: "\(root)/\(folder)/\(file)"))
                entries.append("{\"filename\":\"\(file)\",\"idiom\":\"universal\",\(fields)}")
            }
            let properties = template ? ",\"properties\":{\"template-rendering-intent\":\"template\"}" : ""
            try "{\"images\":[\(entries.joined(separator: ","))],\"info\":{\"author\":\"xcode\",\"version\":1}\(properties)}"
                .write(toFile: "\(root)/\(folder)/Contents.json", atomically: true, encoding: .utf8)
        }
        let black = RGBAColor(red: 0, green: 0, blue: 0)
        for name in ["Home", "Search", "Star", "Person"] {
            for suffix in ["", ".selected"] {
                try write("\(name)\(suffix).imageset", template: true, images: [2, 3].map { scale in
                    ("\(name)\(suffix)@\(scale)x.png", Bitmap(width: 20 * scale, height: 20 * scale, filledWith: black), "\"scale\":\"\(scale)x\"")
                })
            }
        }
        try write("Share.imageset", template: true, images: [2, 3].map { scale in
            ("Share@\(scale)x.png", Bitmap(width: 22 * scale, height: 22 * scale, filledWith: black), "\"scale\":\"\(scale)x\"")
        })
        try write("AppIcon.appiconset", template: false, images: [
            ("Icon-1024.png", Bitmap(width: 1024, height: 1024, filledWith: RGBAColor(red: 30, green: 60, blue: 160)), "\"size\":\"1024x1024\""),
        ])
        return PreviewCatalog.read(at: root)
    }

    func count(_ bitmap: Bitmap, rows: Range<Int>, where match: (RGBAColor) -> Bool) -> Int {
        var found = 0
        for y in rows where y < bitmap.height {
            for x in 0..<bitmap.width {
                let i = (y * bitmap.width + x) * 4
                let p = bitmap.pixels
                if match(RGBAColor(red: p[i], green: p[i + 1], blue: p[i + 2], alpha: p[i + 3])) { found += 1 }
            }
        }
        return found
    }

    @Test func catalogIsClassifiedByNamesAndTemplateIntent() throws {
        let catalog = try catalog()
        #expect(catalog.tabPairs.map(\.unselected.name) == ["Home", "Person", "Search", "Star"])
        #expect(catalog.barGlyphs.map(\.name) == ["Share"])
        let sections = try PreviewSheet.sections(catalog, style: PreviewStyle.ios18, notes: [])
        #expect(sections.map(\.title) == ["App icon AppIcon", "Tab bars", "Navigation bar and toolbar", "Greyscale check"])
    }

    @Test func tabBarShowsSelectedTintBadgeAndDisabledTab() throws {
        let sections = try PreviewSheet.sections(try catalog(), style: PreviewStyle.ios18, notes: [])
        let tabs = try #require(sections.first { $0.title == "Tab bars" }).picture
        // The first mock: iPhone portrait @2x, 49 pt = 98 px tall, starting 28 px down.
        let firstBar = 28..<(28 + 98)
        #expect(count(tabs, rows: firstBar) { $0 == Self.tint } >= 40 * 40, "the selected tab is drawn in the tint")
        #expect(count(tabs, rows: firstBar) { $0 == Self.unselected } >= 40 * 40, "unselected tabs in the unselected tint")
        #expect(count(tabs, rows: firstBar) { $0 == RGBAColor(red: 0xFF, green: 0x3B, blue: 0x30) } > 100, "a red badge")
        // Disabled: the unselected tint at 35% over the bar background.
        // 0.35 × (142, 142, 147) + 0.65 × 249 ≈ (212, 212, 213)
        #expect(count(tabs, rows: firstBar) { abs(Int($0.red) - 212) <= 2 && abs(Int($0.green) - 212) <= 2 && abs(Int($0.blue) - 213) <= 2 } >= 40 * 40,
                "the last tab is dimmed")
    }

    @Test func greyscaleCopyHasNoColour() throws {
        let sections = try PreviewSheet.sections(try catalog(), style: PreviewStyle.ios18, notes: [])
        let grey = try #require(sections.last).picture
        let findingsHeight = 14 + 3 * 20 + 20 // the contrast lines under the pictures are text in colour
        #expect(count(grey, rows: 0..<(grey.height - findingsHeight)) { $0.red != $0.green || $0.green != $0.blue } == 0)
    }

    @Test func contrastFindingsForTheDefaultStyle() {
        #expect(PreviewSheet.contrastFindings(PreviewStyle.ios18).map(\.text) == [
            "selected tint #007AFF on bar #F9F9F9: 3.8:1 (ok, at least 2:1)",
            "unselected tint #8E8E93 on bar #F9F9F9: 3.1:1 (ok, at least 2:1)",
            "selected vs unselected tint: 1.2:1 (too close: aim for at least 2:1)",
        ])
    }

    @Test func sheetStacksSectionsAndPageEmbedsThem() throws {
        let catalog = try catalog()
        let sections = try PreviewSheet.sections(catalog, style: PreviewStyle.ios18,
                                                 notes: [PreviewNote(asset: "Share", text: "glyph is larger than the box", isError: false)])
        let sheet = try PreviewSheet.sheet(catalog, sections: sections)
        #expect(sheet.width == 1400)
        #expect(sheet.height == 64 + sections.reduce(0) { $0 + $1.picture.height + 48 } + 24)
        #expect(sheet.isOpaque)
        let html = PreviewPage.html(catalogName: "Assets", sections: sections, pictures: sections.map { _ in Data([1, 2]) })
        #expect(html.contains("<h2>Tab bars</h2>"))
        #expect(html.contains("<li>warning: Share: glyph is larger than the box</li>"))
        #expect(html.components(separatedBy: "data:image/png;base64,").count == sections.count + 1)
    }
}

/// The preview's greyscale check flags exactly what the manifest's warning flags (rule 23).
@Suite struct PreviewContrastRuleTests {
    @Test func previewFlagsByTheSharedRule() throws {
        for grey in ["#767676", "#A0A0A0", "#B4B4B4", "#C0C0C0", "#E0E0E0"] {
            var style = PreviewStyle.ios18
            style.tint = try #require(RGBAColor(hex: grey))
            style.barBackground = .white
            let selected = PreviewSheet.contrastFindings(style)[0]
            #expect(selected.ok == Contrast.isDistinct(style.tint, .white), "\(grey)")
            #expect(selected.text.contains(selected.ok ? "(ok, at least 2:1)" : "(too low: aim for at least 2:1)"), "\(selected.text)")
        }
    }
}
