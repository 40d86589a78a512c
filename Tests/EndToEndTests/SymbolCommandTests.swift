import Foundation
import Testing
import TestSupport

/// Custom symbols through the CLI as a user runs it: `kind: symbol` and `symbol: true` write symbol
/// sets beside the glyph's image sets, a rebuild draws nothing again, verify passes on the result,
/// and a source that cannot be a symbol is an error naming it.
@Suite struct SymbolCommandTests {
    @Test func symbolsAreBuiltBesideTheGlyphsAndVerify() throws {
        let dir = CLI.temporaryDirectory("symbols")
        try CLI.copyFromRepo("Tests/Fixtures/Artwork/heart-outline.svg", to: dir)
        try CLI.copyFromRepo("Tests/Fixtures/Artwork/mail-outline.svg", to: dir)
        try CLI.copyFromRepo("Tests/Fixtures/Artwork/bookmark-fill.svg", to: dir)
        try """
        table: ios18
        assets:
          - {name: Heart, kind: symbol, source: heart-outline.svg, weights: {ultralight: 0.5, black: 2.2}}
          - {name: Mail, kind: tab-icon, source: mail-outline.svg, selected-source: bookmark-fill.svg, symbol: true}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let build = try CLI.run([], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        let catalog = dir + "/Output/Assets.xcassets"
        let contents = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: catalog + "/Heart.symbolset/Contents.json")))
            as? [String: Any] ?? [:]
        #expect(contents["symbols"] as? [[String: String]] == [["filename": "Heart.svg", "idiom": "universal"]])
        #expect((contents["properties"] as? [String: String])?["symbol-rendering-intent"] == "template")
        let names = try FileManager.default.contentsOfDirectory(atPath: catalog).sorted()
        #expect(names == ["Contents.json", "Heart.symbolset", "Mail.imageset", "Mail.selected.imageset",
                           "Mail.symbol.fill.symbolset", "Mail.symbol.symbolset"])
        let template = try String(contentsOfFile: catalog + "/Mail.symbol.symbolset/Mail.symbol.svg", encoding: .utf8)
        #expect(template.contains("<g id=\"Black-S\""))

        let again = try CLI.run([], in: dir)
        #expect(again.status == 0)
        #expect(again.stderr.contains("0 rendered"), "\(again.stderr)")

        let verify = try CLI.run(["verify"], in: dir)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
        #expect(verify.stdout.contains("3 symbol"), "\(verify.stdout)")
    }

    /// `build --preview` draws the symbols through the workers (librsvg on the template's variant
    /// groups), their ink growing with the weight, and the tab bar with the `.fill` twin selected.
    @Test func previewShowsTheSymbols() throws {
        let dir = CLI.temporaryDirectory("symbols-preview")
        try CLI.copyFromRepo("Tests/Fixtures/Artwork/mail-outline.svg", to: dir)
        try CLI.copyFromRepo("Tests/Fixtures/Artwork/bookmark-fill.svg", to: dir)
        try """
        table: ios18
        assets:
          - {name: Mail, kind: tab-icon, source: mail-outline.svg, selected-source: bookmark-fill.svg, symbol: true,
             weights: {ultralight: 0.5px, black: 3.5px}}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let build = try CLI.run(["build", "--preview"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        let html = try String(contentsOfFile: dir + "/.assetsmith/preview.html", encoding: .utf8)
        #expect(html.contains("<h2>Tab bar with custom symbols</h2>"))
        #expect(html.contains("<h2>Custom symbols</h2>"))
        #expect(html.contains("Mail selected: Mail.symbol.fill"))
        // Widths 0.5 px and 3.5 px on the drawing's 1.8-px strokes: about 28 % and 194 % of Regular's ink.
        let item = try #require(html.components(separatedBy: "<li>").first { $0.hasPrefix("Mail.symbol: ink at M:") })
        let line = item.components(separatedBy: "</li>")[0]
        let percents = line.components(separatedBy: CharacterSet.decimalDigits.inverted).compactMap(Int.init)
        try #require(percents.count == 2, "\(line)")
        #expect(percents[0] > 15 && percents[0] < 45 && percents[1] > 150 && percents[1] < 240, "\(line)")
        #expect(!html.contains("cannot draw"))
    }

    @Test func aSymbolFromAPNGIsAManifestError() throws {
        let dir = CLI.temporaryDirectory("symbols-png")
        try CLI.copyFromRepo("Tests/Fixtures/Artwork/display-p3.png", to: dir)
        try """
        table: ios18
        assets:
          - {name: Photo, kind: symbol, source: display-p3.png}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let build = try CLI.run([], in: dir)
        #expect(build.status == 2)
        #expect(build.stderr.contains("assetsmith.yml:3:41: error: the symbol of asset \"Photo\" is drawn from \"display-p3.png\", which is not an SVG"), "\(build.stderr)")
    }
}
