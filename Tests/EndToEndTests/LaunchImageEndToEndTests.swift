import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport

/// Runs the built `assetsmith` on the launch image fixtures, from the repository root, into a
/// temporary folder, and checks the exit code, stderr and what comes out.
@Suite(.serialized) struct LaunchImageEndToEndTests {
    static func run(_ arguments: [String]) throws -> CLI.Result {
        try CLI.run(arguments, in: Fixtures.repoRoot.path)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("launch-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Builds `Manifests/valid/launch.yaml` once into a temporary folder.
    static let built: Result<URL, Error> = Result {
        let output = try temporaryDirectory()
        let result = try run(["build", "--manifest", "Tests/Fixtures/Manifests/valid/launch.yaml",
                              "--output", output.path])
        guard result.status == 0 else {
            throw NSError(domain: "launch", code: Int(result.status), userInfo: [NSLocalizedDescriptionKey: result.stderr + result.stdout])
        }
        return output
    }

    static func catalog() throws -> URL {
        try built.get().appendingPathComponent("Launch.xcassets")
    }

    static func expectSameText(_ actual: URL, golden relative: String) throws {
        let golden = Fixtures.url("Expected/" + relative)
        let data = try Data(contentsOf: actual)
        if GoldenImage.recordingRequested {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: golden)
            Issue.record("RECORDED \(golden.path) (RECORD_GOLDENS=1), so this test fails on purpose")
            return
        }
        let expected = try Data(contentsOf: golden)
        #expect(String(decoding: data, as: UTF8.self) == String(decoding: expected, as: UTF8.self), "\(relative)")
    }

    @Test func contentsJSONMatchesTheGolden() throws {
        let catalog = try Self.catalog()
        try Self.expectSameText(catalog.appendingPathComponent("Launch.launchimage/Contents.json"),
                                golden: "Catalogs/Launch.launchimage/Contents.json")
        try Self.expectSameText(catalog.appendingPathComponent("LaunchBackground.colorset/Contents.json"),
                                golden: "Catalogs/LaunchBackground.colorset/Contents.json")
        try Self.expectSameText(catalog.appendingPathComponent("LaunchLogo.imageset/Contents.json"),
                                golden: "Catalogs/LaunchLogo.imageset/Contents.json")
        try Self.expectSameText(try Self.built.get().appendingPathComponent("Launch-UILaunchScreen.plist"),
                                golden: "Catalogs/Launch-UILaunchScreen.plist")
    }

    @Test func everyLaunchImageIsOpaqueRGBAtItsSlotSize() throws {
        let folder = try Self.catalog().appendingPathComponent("Launch.launchimage")
        let contents = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("Contents.json")))
        let images = try #require((contents as? [String: Any])?["images"] as? [[String: String]])
        #expect(images.count == 15)
        for image in images {
            let name = try #require(image["filename"])
            let info = try PNGCodec.info(Data(contentsOf: folder.appendingPathComponent(name)))
            #expect(info.colorType == .rgb && !info.hasTRNS, "\(name) is \(info.colorType)")
            // The orientation in Contents.json and the file's shape agree.
            let landscape = image["orientation"] == "landscape"
            #expect((info.size.width > info.size.height) == landscape, "\(name) is \(info.size)")
        }
    }

    @Test(arguments: ["iPhone-2436h-Portrait@3x", "iPhone-2436h-Landscape@3x", "iPhone-736h-Portrait@3x",
                      "iPhone-736h-Landscape@3x", "iPad-Portrait", "iPad-Landscape"])
    func imagesMatchTheirGoldens(slot: String) throws {
        let url = try Self.catalog().appendingPathComponent("Launch.launchimage/Launch-\(slot).png")
        let bitmap = try PNGCodec.decode(Data(contentsOf: url))
        expectMatchesGolden(bitmap, named: "launch/\(slot)", tolerance: 2, maxDifferingPixels: 16)
    }

    @Test func aSecondBuildChangesNothing() throws {
        let output = try Self.built.get()
        let again = try Self.run(["build", "--manifest", "Tests/Fixtures/Manifests/valid/launch.yaml", "--output", output.path])
        #expect(again.status == 0)
        #expect(again.stdout.contains(" 0 written, ") || again.stderr.contains(" 0 written, "), "\(again.stdout)\(again.stderr)")
        let record = try String(contentsOf: output.appendingPathComponent(".assetsmith/Launch.xcassets.record.json"), encoding: .utf8)
        #expect(record.contains("\"Launch-UILaunchScreen.plist\""))
    }

    @Test(arguments: [
        ("bad-colour", "Tests/Fixtures/Launch/bad-colour.yml:4:10: error: \"color\" in \"tab-bar\" of launch template \"bad-colour\" is \"#12345G\", not a colour"),
        ("missing-logo", "Tests/Fixtures/Launch/missing-logo.yml:4:11: error: \"source\" in \"logo\" of launch template \"missing-logo\": file \"nowhere.svg\" does not exist"),
        ("unnamed-logo", "Tests/Fixtures/Launch/unnamed-logo.yml:3:1: error: launch template \"unnamed-logo\" draws a logo but no logo file is given"),
    ])
    func badTemplatesExitTwoAtTheTemplateLine(name: String, headline: String) throws {
        let output = try Self.temporaryDirectory()
        let result = try Self.run(["build", "--manifest", "Tests/Fixtures/Manifests/invalid/launch-\(name).yaml",
                                   "--output", output.path])
        #expect(result.status == 2)
        let all = result.stderr + result.stdout
        #expect(all.contains(headline + "\n  fix: "), "\(all)")
        #expect(all.contains("1 error, 0 warnings"))
        #expect((try? FileManager.default.contentsOfDirectory(atPath: output.path))?.isEmpty == true, "nothing is written")
    }
}
