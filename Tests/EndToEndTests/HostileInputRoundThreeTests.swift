import Foundation
import Testing
import TestSupport

/// Issue 36, the third round through the CLI: each case ends in a clear error naming the file or
/// the manifest's place, with the exit code of its kind, and the good asset still built.
@Suite struct HostileInputRoundThreeTests {
    static func project(_ label: String, assets: String) throws -> String {
        try HostileInputRoundTwoTests.project(label, assets: assets)
    }

    // MARK: Symbols

    @Test func aHugeStrokeWidthIsAManifestErrorNotACrash() throws {
        let dir = try Self.project("weights-huge", assets: "  - {name: Plus, kind: symbol, source: plus.svg, weights: {black: 1e7px}}\n")
        try CLI.copyFromRepo("Assets/Glyphs/plus.svg", to: dir)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("assetsmith.yml:3:67: error: \"black\" in \"weights\" of asset \"Plus\" is 10000000px, wider than 16384px"),
                "\(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
    }

    /// plus.svg's strokes are 2 units wide: Black may be 8px (4 times), not 8.5px.
    @Test func aBlackWidthMoreThanFourTimesTheDrawingsIsRefusedByTheBuild() throws {
        let dir = try Self.project("weights-relative", assets: """
              - {name: Wide, kind: symbol, source: plus.svg, weights: {black: 8.5px}}
              - {name: Widest, kind: symbol, source: plus.svg, weights: {black: 8px}}

            """)
        try CLI.copyFromRepo("Assets/Glyphs/plus.svg", to: dir)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("a Black stroke 8.5 px wide is more than 4 times the drawing's own 2-px stroke (Regular)"), "\(result.stderr)")
        #expect(!result.stderr.contains("\"Widest\""), "\(result.stderr)")
        #expect(HostileInputRoundTwoTests.goodWasBuilt(dir))
    }

    /// A symbol drawn from 1,001 strokes is refused before FreeType outlines any (100,000 took
    /// 47 s); 1,000 are made.
    @Test func aSymbolOfMoreThan1000PathsIsRefused() throws {
        func svg(_ count: Int) -> String {
            var text = #"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">"#
            for index in 0..<count {
                let y = 1 + Double(index % 98) + Double(index / 98) * 0.01
                text += ##"<path d="M10 \##(y) H90" stroke="#000" stroke-width="0.5" stroke-linecap="round"/>"##
            }
            return text + "</svg>\n"
        }
        let dir = try Self.project("symbol-paths", assets: """
              - {name: Many, kind: symbol, source: many.svg}
              - {name: Most, kind: symbol, source: most.svg}

            """)
        try svg(1_001).write(toFile: dir + "/many.svg", atomically: true, encoding: .utf8)
        try svg(1_000).write(toFile: dir + "/most.svg", atomically: true, encoding: .utf8)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot make the symbol \"Many\" from \"many.svg\": a symbol cannot hold more than 1000 paths (this drawing has 1001)"),
                "\(result.stderr)")
        #expect(!result.stderr.contains("\"Most\""), "\(result.stderr)")
    }

    // MARK: XInclude

    @Test func anSVGWithXIncludeIsRefusedBeforeLibrsvgReadsIt() throws {
        let dir = try Self.project("xinclude", assets: "  - {name: Leak, kind: image, source: leak.svg, size: 100x40}\n")
        try FileManager.default.createDirectory(atPath: dir + "/.git", withIntermediateDirectories: true)
        try "[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n".write(toFile: dir + "/.git/config", atomically: true, encoding: .utf8)
        try """
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xi="http://www.w3.org/2001/XInclude" width="100" height="40">
          <text x="0" y="20"><xi:include href=".git/config" parse="text"/></text>
        </svg>
        """.write(toFile: dir + "/leak.svg", atomically: true, encoding: .utf8)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("leak.svg: error: holds the element <xi:include> (line 2): XInclude reads other files (such as .git/config) into the picture, so it is refused"),
                "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/Leak.imageset/Leak@2x.png"))
        #expect(HostileInputRoundTwoTests.goodWasBuilt(dir))
    }

    // MARK: PNGs larger than their header allows

    @Test func aSparsePNGIsRefusedFromItsHeaderInBuildAndVerify() throws {
        let dir = try Self.project("sparse-png", assets: "  - {name: Big, kind: image, source: big.png, size: 40x15}\n")
        let banner = try Data(contentsOf: Fixtures.repoRoot.appendingPathComponent("Assets/Banner.png"))
        try HostileInputRoundTwoTests.sparse(dir + "/big.png", head: banner, size: 250 << 20)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("big.png: error: source file is 250 MB, but its header declares 960x360 px, which a PNG holds in at most 18 MB (a sparse or padded file?); it was not read"),
                "\(result.stderr)")
        #expect(HostileInputRoundTwoTests.goodWasBuilt(dir))

        let catalog = dir + "/Output/Assets.xcassets/Good.imageset/Good@3x.png"
        try FileManager.default.removeItem(atPath: catalog)
        try HostileInputRoundTwoTests.sparse(catalog, head: banner, size: 250 << 20)
        let verify = try CLI.run(["verify", "--catalog", "Output/Assets.xcassets"], in: dir)
        #expect(verify.status == 1)
        #expect((verify.stdout + verify.stderr).contains("Good@3x.png: error: is 250 MB, but its header declares 960x360 px"), "\(verify.stdout)\(verify.stderr)")
    }

    // MARK: The preview and icon.json

    /// `"scale": 1e300` crashed the preview (SIGILL) and 3000 took 6.2 GB: now a warning naming
    /// the key, exit 0, and nothing drawn for that icon.
    @Test func aHugeScaleInIconJSONIsAWarningOfThePreview() throws {
        let dir = CLI.temporaryDirectory("preview-scale") + "/Project"
        try FileManager.default.copyItem(atPath: Fixtures.url("IconComposer/Project").path, toPath: dir)
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        let file = dir + "/Output/AppIcon.icon/icon.json"
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file))) as? [String: Any])
        var groups = try #require(document["groups"] as? [[String: Any]])
        var layers = try #require(groups[0]["layers"] as? [[String: Any]])
        layers[0]["position"] = ["scale": 1e300, "translation-in-points": [0, 0]]
        groups[0]["layers"] = layers
        document["groups"] = groups
        try JSONSerialization.data(withJSONObject: document).write(to: URL(fileURLWithPath: file))
        let preview = try CLI.run(["preview"], in: dir)
        #expect(preview.status == 0, "\(preview.stderr)")
        #expect(preview.stderr.contains("AppIcon.icon: warning: the preview of AppIcon.icon: \"groups[0].layers[0].position.scale\" in icon.json is 1e+300, outside 0 to 8; not drawn"),
                "\(preview.stderr)")
    }
}
