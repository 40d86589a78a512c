import Foundation
import Testing
import TestSupport

/// Files a user might get from anywhere: each gives a clear error naming it, exit 1, and every
/// other asset is still built.
@Suite struct HostileInputTests {
    static func project(_ label: String, hostile: String, as name: String, kind: String) throws -> String {
        let dir = CLI.temporaryDirectory(label)
        try FileManager.default.copyItem(atPath: Fixtures.directory.appendingPathComponent("Hostile/" + hostile).path,
                                         toPath: dir + "/" + name)
        try CLI.copyFromRepo("Assets/Banner.png", to: dir)
        try """
        table: ios18
        assets:
          - {name: Bad, kind: \(kind), source: \(name), size: 24}
          - {name: Good, kind: image, source: Banner.png, size: 120x45}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func pngOverThePixelBudgetIsRefusedFromItsHeader() throws {
        let dir = try Self.project("huge-png", hostile: "huge-16384.png", as: "huge.png", kind: "image")
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("huge.png: error: is 16384x16384 px (268 megapixels), over the budget of 100 megapixels for one source image"),
                "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/Good.imageset/Good@3x.png"))
    }
}

/// librsvg crashes and endless renders cost one asset, in a build and in a watch session.
@Suite struct SVGSandboxTests {
    @Test func svgThatCrashesLibrsvgCostsOneAsset() throws {
        let dir = try HostileInputTests.project("svg-crash", hostile: "absurd-font.svg", as: "font.svg", kind: "image")
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("error: asset \"Bad\": cannot render 24x24pt @1x from \"font.svg\": the svg crashed the renderer (SIGABRT: librsvg stopped on an internal assertion)"),
                "\(result.stderr)")
        #expect(result.stderr.contains("fix: open the SVG in an editor and simplify it"))
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/Good.imageset/Good@3x.png"))
        #expect(!result.stderr.contains("Fatal error"))
    }

    @Test func svgThatRendersForeverIsStopped() throws {
        let dir = try HostileInputTests.project("svg-slow", hostile: "turbulence.svg", as: "slow.svg", kind: "image")
        let result = try CLI.run(["build", "--render-timeout", "1"], in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("from \"slow.svg\": drawing the svg took longer than 1 s and was stopped"), "\(result.stderr)")
        #expect(result.stderr.contains("or raise --render-timeout"))
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/Good.imageset/Good@3x.png"))
    }

    @Test func watchSurvivesACrashingSVGAndPicksUpTheFix() throws {
        let dir = try HostileInputTests.project("svg-watch", hostile: "absurd-font.svg", as: "font.svg", kind: "image")
        let watch = try CLI.Watch(in: dir)
        #expect(watch.waitFor("watching "), "\(watch.text)")
        #expect(watch.process.isRunning)
        try CLI.copyFromRepo("Assets/Glyphs/star.svg", to: dir, as: ".font.svg.tmp")
        _ = rename(dir + "/.font.svg.tmp", dir + "/font.svg")
        #expect(watch.waitFor("changed font.svg: 3 rendered, 4 written"), "\(watch.text)")
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/Bad.imageset/Bad@3x.png"))
        kill(watch.process.processIdentifier, SIGINT)
        watch.process.waitUntilExit()
    }
}
