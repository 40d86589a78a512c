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
