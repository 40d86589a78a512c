import Foundation
import Testing
import TestSupport

/// Runs the built `assetsmith` binary on a temporary copy of `Tests/Fixtures/Verify/project`:
/// build, then verify (clean, exit 0); then corrupt or change files and check what verify says.
@Suite(.serialized) struct VerifyEndToEndTests {
    func run(_ arguments: [String], in directory: URL) throws -> CLI.Result {
        try CLI.run(arguments, in: directory.path)
    }

    func project() throws -> URL {
        try #require(FileManager.default.isExecutableFile(atPath: CLI.binary),
                     "build the binary first: swift build")
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("assetsmith-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
        let target = temp.appendingPathComponent("project")
        try FileManager.default.copyItem(at: Fixtures.url("Verify/project"), to: target)
        return target
    }

    @Test func buildThenVerifyIsCleanAndACorruptFileFails() throws {
        let dir = try project()
        let build = try run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")

        let clean = try run(["verify"], in: dir)
        #expect(clean.status == 0)
        #expect(clean.stdout == "verified Output/Assets.xcassets: 2 sets checked (1 app icon, 1 image); 4 files; 0 errors, 0 warnings\n")
        #expect(clean.stderr == "")

        let catalogOnly = try run(["verify", "--catalog", "Output/Assets.xcassets", "--format", "json"], in: dir)
        #expect(catalogOnly.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(catalogOnly.stdout.utf8)) as? [String: Any])
        #expect(document["schema"] as? String == "assetsmith-verify/1")
        #expect(document["passed"] as? Bool == true)

        // Corrupt one generated file: verify fails, naming it.
        let icon = dir.appendingPathComponent("Output/Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png")
        try Data("not a png".utf8).write(to: icon)
        let corrupt = try run(["verify"], in: dir)
        #expect(corrupt.status == 1)
        #expect(corrupt.stdout == """
            Output/Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png: error: is not a PNG file (no PNG signature)
              fix: export it as PNG
            Output/Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png: error: was changed after assetsmith generated it (its bytes do not match the build record)
              fix: delete it and run `assetsmith build` to regenerate it; to keep a hand-made file, remove the asset from the manifest
            verified Output/Assets.xcassets: 2 sets checked (1 app icon, 1 image); 4 files; 2 errors, 0 warnings

            """)

        let github = try run(["verify", "--format", "github"], in: dir)
        #expect(github.status == 1)
        #expect(github.stdout.hasPrefix(
            "::error file=Output/Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png,title=assetsmith verify (not-png)::"))

        // Deleted, the next build draws it again (rewritten in place, its folder's time did not
        // change: the build's no-op does not look at each file, issue 50).
        try FileManager.default.removeItem(at: icon)
        #expect(try run(["build"], in: dir).status == 0)
        #expect(try run(["verify"], in: dir).status == 0)
    }

    @Test func staleSourceAndStrictWarnings() throws {
        let dir = try project()
        #expect(try run(["build"], in: dir).status == 0)
        let badge = dir.appendingPathComponent("Badge.png")
        var bytes = try Data(contentsOf: badge)
        bytes.append(contentsOf: [0]) // trailing byte after IEND: same pixels, different file
        try bytes.write(to: badge)
        let stale = try run(["verify", "--format", "junit"], in: dir)
        #expect(stale.status == 1)
        #expect(stale.stdout.contains(#"<failure type="stale" message="is out of date: source &quot;Badge.png&quot; changed since the last build (and 2 more)">"#))
        #expect(try run(["build"], in: dir).status == 0)

        // An unassigned file is a warning: exit 0, or 1 with --strict.
        let extra = dir.appendingPathComponent("Output/Assets.xcassets/Badge.imageset/Old.png")
        try FileManager.default.copyItem(at: badge, to: extra)
        let warning = try run(["verify"], in: dir)
        #expect(warning.status == 0)
        #expect(warning.stdout.hasSuffix("verified Output/Assets.xcassets: 2 sets checked (1 app icon, 1 image); 4 files; 0 errors, 1 warning\n"))
        let strict = try run(["verify", "--strict"], in: dir)
        #expect(strict.status == 1)
        #expect(strict.stdout.hasPrefix("Output/Assets.xcassets/Badge.imageset/Old.png: error: is not assigned"))
    }

    @Test func usageAndManifestErrorsExitTwo() throws {
        let dir = try project()
        let noCatalog = try run(["verify", "--catalog", "Nowhere.xcassets"], in: dir)
        #expect(noCatalog.status == 2)
        #expect(noCatalog.stderr.contains("Nowhere.xcassets: error: no asset catalog folder at \"Nowhere.xcassets\""))
        let badFormat = try run(["verify", "--format", "xml"], in: dir)
        #expect(badFormat.status == 2)
        #expect(badFormat.stderr.contains("unknown --format \"xml\""))
        let noManifest = try run(["verify", "--manifest", "missing.yml"], in: dir)
        #expect(noManifest.status == 2)
        #expect(noManifest.stdout == "")
    }
}

/// `verify --catalog` on the real-world fixtures through the binary: `--app-icon` picks the set the
/// App Store icon rules apply to, and `--strict` fails on the opaque-RGBA warning.
@Suite struct VerifyCatalogRoleEndToEndTests {
    @Test func appIconOptionAndStrictDecideTheExitCode() throws {
        try #require(FileManager.default.isExecutableFile(atPath: CLI.binary), "build the binary first: swift build")
        let root = Fixtures.url("Verify/RealWorld").path
        let extensionDefault = try CLI.run(["verify", "--catalog", "action-extension/Assets.xcassets"], in: root)
        #expect(extensionDefault.status == 0)
        #expect(extensionDefault.stdout == "verified action-extension/Assets.xcassets: 1 set checked (1 app icon); 1 file; 0 errors, 0 warnings"
            + "; app icon roles guessed (primary: AppIcon; no Xcode project read)\n")
        let extensionPrimary = try CLI.run(["verify", "--catalog", "action-extension/Assets.xcassets", "--app-icon", "ActionIcon"], in: root)
        #expect(extensionPrimary.status == 1)
        #expect(extensionPrimary.stdout.hasPrefix("action-extension/Assets.xcassets/ActionIcon.appiconset/ActionIcon1024.png: "
            + "error: has 786432 transparent pixels; App Store Connect rejects a transparent App Store icon (ITMS-90717)\n"))
        let rgba = try CLI.run(["verify", "--catalog", "ios-single-size-rgba/Assets.xcassets"], in: root)
        #expect(rgba.status == 0)
        let strict = try CLI.run(["verify", "--catalog", "ios-single-size-rgba/Assets.xcassets", "--strict", "--format", "github"], in: root)
        #expect(strict.status == 1)
        #expect(strict.stdout.hasPrefix("::error file=ios-single-size-rgba/Assets.xcassets/AppIcon.appiconset/Icon_1024x1024.png,"
            + "title=assetsmith verify (alpha-channel)::"))
    }

    @Test func catalogGivenAsDotWithATruncatedHEICIsAFindingAndNothingOnStandardError() throws {
        try #require(FileManager.default.isExecutableFile(atPath: CLI.binary), "build the binary first: swift build")
        let temp = FileManager.default.temporaryDirectory.appendingPathComponent("assetsmith-e2e-\(UUID().uuidString)")
        let folder = temp.appendingPathComponent("Media.xcassets/avatar.imageset")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let heic = try Data(contentsOf: Fixtures.url("Verify/RealWorld/image-types/Assets.xcassets/avatar.imageset/avatar.heic"))
        try heic.prefix(40).write(to: folder.appendingPathComponent("avatar.heic"))
        try Data(#"{ "images" : [ { "filename" : "avatar.heic", "idiom" : "universal", "scale" : "1x" } ], "info" : { "author" : "xcode", "version" : 1 } }"#.utf8)
            .write(to: folder.appendingPathComponent("Contents.json"))
        let result = try CLI.run(["verify", "--catalog", "."], in: temp.appendingPathComponent("Media.xcassets").path)
        #expect(result.status == 1)
        #expect(result.stderr == "")
        #expect(result.stdout == """
            ./avatar.imageset/avatar.heic: error: cannot be read as HEIC (corrupt or truncated)
              fix: export the image again
            verified .: 1 set checked (1 image); 1 file; 1 error, 0 warnings

            """)
    }
}
