import Foundation
import Testing
import TestSupport

/// `app-icon` with `layers:` run through the built binary: the `.icon` bundle a user gets, a
/// second build that writes nothing, `verify` before and after a layer file goes missing, and
/// what happens to an `.appiconset` of the same name.
@Suite struct IconComposerTests {
    /// A copy of `Tests/Fixtures/IconComposer/Project`; returns the folder.
    static func project(_ label: String) throws -> String {
        try #require(FileManager.default.isExecutableFile(atPath: CLI.binary), "build the binary first: swift build")
        let dir = CLI.temporaryDirectory(label)
        for item in ["assetsmith.yml", "Art"] {
            try FileManager.default.copyItem(atPath: Fixtures.url("IconComposer/Project/" + item).path, toPath: dir + "/" + item)
        }
        return dir
    }

    static func files(_ folder: String) -> [String] {
        (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).filter { path in
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory)
            return !isDirectory.boolValue
        }.sorted()
    }

    @Test func buildWritesTheIconThenNothingAndVerifyNamesAMissingLayer() throws {
        let dir = try Self.project("icon-build")
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.hasPrefix("built 1 asset into Output/Assets.xcassets: 0 rendered, 0 up to date; 5 written, 0 unchanged, 0 removed in "))
        #expect(Self.files(dir + "/Output/AppIcon.icon") == ["Assets/back.svg", "Assets/front-dark.svg", "Assets/front.svg", "icon.json"])
        let written = try #require(FileManager.default.contents(atPath: dir + "/Output/AppIcon.icon/icon.json"))
        let expected = try #require(FileManager.default.contents(atPath: Fixtures.url("IconComposer/Project/Expected/icon.json").path))
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        // Top layer first: the manifest's last layer (front) is icon.json's first group.
        let document = try #require(try JSONSerialization.jsonObject(with: written) as? [String: Any])
        let groups = try #require(document["groups"] as? [[String: Any]])
        #expect(groups.compactMap { ($0["layers"] as? [[String: Any]])?.first?["name"] as? String } == ["front", "back"])

        // The SVG copies refer to nothing outside themselves and are still SVG drawings.
        let front = String(decoding: try #require(FileManager.default.contents(atPath: dir + "/Output/AppIcon.icon/Assets/front.svg")), as: UTF8.self)
        #expect(front.contains("<svg") && front.contains("width=\"1024px\"") && front.contains("<path"))

        // A second build, even one that skips the stamp, writes nothing.
        let again = try CLI.run(["build", "--force"], in: dir)
        #expect(again.status == 0)
        #expect(again.stderr.contains("0 written, 5 unchanged, 0 removed"), "\(again.stderr)")

        let verify = try CLI.run(["verify"], in: dir)
        #expect(verify.status == 0, "\(verify.stdout)")
        #expect(verify.stdout == "verified Output/Assets.xcassets: 1 set checked (1 Icon Composer icon); 3 files; 0 errors, 0 warnings\n")

        try FileManager.default.removeItem(atPath: dir + "/Output/AppIcon.icon/Assets/back.svg")
        let missing = try CLI.run(["verify"], in: dir)
        #expect(missing.status == 1)
        #expect(missing.stdout == """
            Output/AppIcon.icon/Assets/back.svg: error: the layer file "back.svg" named in icon.json does not exist in Assets/
              fix: run `assetsmith build`
            verified Output/Assets.xcassets: 1 set checked (1 Icon Composer icon); 2 files; 1 error, 0 warnings

            """)
        let catalogOnly = try CLI.run(["verify", "--catalog", "Output/Assets.xcassets"], in: dir)
        #expect(catalogOnly.status == 1)
        #expect(catalogOnly.stdout.hasPrefix("Output/AppIcon.icon/Assets/back.svg: error: the layer file \"back.svg\" named in icon.json does not exist in Assets/\n  fix: run `assetsmith build`"), "the build record says the bundle is ours")

        // The build puts it back; a layer removed from the manifest goes with its file.
        #expect(try CLI.run(["build"], in: dir).status == 0)
        #expect(try CLI.run(["verify"], in: dir).status == 0)
        try """
        output: Output
        assets:
          - name: AppIcon
            kind: app-icon
            fill: automatic
            layers: [Art/front.svg]
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let fewer = try CLI.run(["build"], in: dir)
        #expect(fewer.status == 0, "\(fewer.stderr)")
        #expect(Self.files(dir + "/Output/AppIcon.icon") == ["Assets/front.svg", "icon.json"])
        #expect(try CLI.run(["verify"], in: dir).status == 0)
    }

    @Test func aHandEditedIconJSONIsStaleAndAForeignBundleIsNotOverwritten() throws {
        let dir = try Self.project("icon-foreign")
        #expect(try CLI.run(["build"], in: dir).status == 0)
        let document = dir + "/Output/AppIcon.icon/icon.json"
        try Data("{ \"groups\" : [ ] }\n".utf8).write(to: URL(fileURLWithPath: document))
        let stale = try CLI.run(["verify"], in: dir)
        #expect(stale.status == 1)
        #expect(stale.stdout.contains("Output/AppIcon.icon/icon.json: error: icon.json was changed after assetsmith wrote it (in Icon Composer?) and is not the one the manifest gives\n  fix: run `assetsmith build` (changes made in Icon Composer belong in the manifest)"))

        // A bundle assetsmith never wrote (saved by Icon Composer) is the project's own: refused
        // before anything is written, `--adopt` (and `adopt: true`) included, and never moved (issue 35).
        let other = CLI.temporaryDirectory("icon-foreign-2")
        for item in ["assetsmith.yml", "Art"] {
            try FileManager.default.copyItem(atPath: dir + "/" + item, toPath: other + "/" + item)
        }
        try FileManager.default.createDirectory(atPath: other + "/Output/AppIcon.icon/Assets", withIntermediateDirectories: true)
        try Data("{}\n".utf8).write(to: URL(fileURLWithPath: other + "/Output/AppIcon.icon/icon.json"))
        for arguments in [["build"], ["build", "--adopt"]] {
            let refused = try CLI.run(arguments, in: other)
            #expect(refused.status == 2, "\(arguments)")
            #expect(refused.stderr.contains("error: asset \"AppIcon\" would write \"Output/AppIcon.icon\", which is the project's own Icon Composer icon; assetsmith never moves or rewrites a hand-made .icon, adopt: true included\n  fix: rename the asset, or move the .icon away yourself"), "\(refused.stderr)")
            #expect(FileManager.default.contents(atPath: other + "/Output/AppIcon.icon/icon.json") == Data("{}\n".utf8))
            #expect(!FileManager.default.fileExists(atPath: other + "/.assetsmith/backup/AppIcon.icon"))
            #expect(!FileManager.default.fileExists(atPath: other + "/Output/Assets.xcassets"), "nothing is written")
        }
    }

    @Test func anAppIconSetOfTheSameNameIsMovedAwayOrRefusesTheIcon() throws {
        let dir = try Self.project("icon-appiconset")
        let set = dir + "/Output/Assets.xcassets/AppIcon.appiconset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        let designed = Data("""
            {"images":[{"filename":"Icon.png","idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}
            """.utf8)
        try designed.write(to: URL(fileURLWithPath: set + "/Contents.json"))
        let refused = try CLI.run(["build"], in: dir)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("Output/Assets.xcassets/AppIcon.appiconset: error: \"Assets.xcassets/AppIcon.appiconset\" has the name of the Icon Composer icon \"AppIcon.icon\"; Xcode takes the two as one ambiguous app icon, so the .icon was not written or updated"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/Output/AppIcon.icon"))
        let verify = try CLI.run(["verify", "--catalog", "Output/Assets.xcassets"], in: dir)
        #expect(!verify.stdout.contains("ambiguous"), "no .icon was written, so nothing is ambiguous yet")

        // Xcode's empty placeholder is moved to the backup folder without asking.
        try Data("""
            {"images":[{"idiom":"universal","platform":"ios","size":"1024x1024"}],"info":{"author":"xcode","version":1}}
            """.utf8).write(to: URL(fileURLWithPath: set + "/Contents.json"))
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: set))
        #expect(FileManager.default.fileExists(atPath: dir + "/.assetsmith/backup/Assets.xcassets/AppIcon.appiconset/Contents.json"))

        // A set put back by hand beside the written .icon: verify says both names clash.
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        try designed.write(to: URL(fileURLWithPath: set + "/Contents.json"))
        let ambiguous = try CLI.run(["verify", "--catalog", "Output/Assets.xcassets", "--format", "json"], in: dir)
        #expect(ambiguous.status == 1)
        #expect(ambiguous.stdout.contains("\"rule\" : \"ambiguous\""))
    }

    @Test func sourceBesideLayersWritesTheFlatSetUnderItsOwnName() throws {
        let dir = try Self.project("icon-flat")
        try """
        output: Output
        assets:
          - name: AppIcon
            kind: app-icon
            source: Art/front.svg
            background: "#1B3FA8"
            fill: "#1B3FA8"
            layers: [Art/back.svg, Art/front.svg]
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(Self.files(dir + "/Output/Assets.xcassets/AppIcon-Flat.appiconset") == ["AppIcon-Flat-1024.png", "Contents.json"])
        #expect(!FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/AppIcon.appiconset"))
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/AppIcon.icon/icon.json"))
        let verify = try CLI.run(["verify"], in: dir)
        #expect(verify.status == 0, "\(verify.stdout)")
    }

    @Test func anSVGLayerLosesItsExternalReferences() throws {
        let dir = try Self.project("icon-refs")
        try FileManager.default.createDirectory(atPath: dir + "/Secret", withIntermediateDirectories: true)
        try CLI.copyFromRepo("Tests/Fixtures/IconComposer/RealWorld/IceCubes/AppIcon.icon/Assets/cube.png", to: dir + "/Art")
        try Data("""
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="1024" height="1024" viewBox="0 0 1024 1024">
              <style>@import url("https://example.com/evil.css");</style>
              <rect width="1024" height="1024" fill="#204080"/>
              <image xlink:href="cube.png" x="256" y="256" width="512" height="512"/>
              <image xlink:href="/etc/hostname" width="10" height="10"/>
              <image xlink:href="https://example.com/tracker.png" width="10" height="10"/>
              <use xlink:href="../Secret/other.svg#shape"/>
            </svg>
            """.utf8).write(to: URL(fileURLWithPath: dir + "/Art/refs.svg"))
        try """
        output: Output
        assets:
          - name: AppIcon
            kind: app-icon
            layers: [Art/refs.svg]
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        let copy = String(decoding: try #require(FileManager.default.contents(atPath: dir + "/Output/AppIcon.icon/Assets/refs.svg")), as: UTF8.self)
        // What librsvg could draw (the picture beside it) is embedded; nothing else is referred to.
        let references = copy.components(separatedBy: "href=\"").dropFirst().map { $0.prefix(while: { $0 != "\"" }) }
        #expect(!references.isEmpty)
        #expect(references.allSatisfy { $0.hasPrefix("#") || $0.hasPrefix("data:image/png;base64,") }, "\(references.map { $0.prefix(40) })")
        #expect(!copy.contains("example.com") && !copy.contains("@import") && !copy.contains("/etc/") && !copy.contains("Secret"))
        #expect(try CLI.run(["verify"], in: dir).status == 0)
    }

    @Test func movingAFlatIconToLayersRemovesTheGeneratedSet() throws {
        let dir = try Self.project("icon-migrate")
        try """
        output: Output
        assets:
          - name: AppIcon
            kind: app-icon
            source: Art/front.svg
            background: "#1B3FA8"
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        #expect(try CLI.run(["build"], in: dir).status == 0)
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png"))
        try FileManager.default.removeItem(atPath: dir + "/assetsmith.yml")
        try FileManager.default.copyItem(atPath: Fixtures.url("IconComposer/Project/assetsmith.yml").path, toPath: dir + "/assetsmith.yml")
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/AppIcon.appiconset"))
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/AppIcon.icon/icon.json"))
        #expect(!build.stderr.contains("adopted"), "our own set is stale, not adopted")
        let plan = try CLI.run(["plan"], in: dir)
        #expect(plan.stdout.contains("\"path\" : \"Art/back.svg\""), "plan paths are relative to the manifest")
        #expect(try CLI.run(["verify"], in: dir).status == 0)
    }

    @Test func thePreviewShowsTheIconMarkedAsAnApproximation() throws {
        let dir = try Self.project("icon-preview")
        let build = try CLI.run(["build", "--preview"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        let html = String(decoding: try #require(FileManager.default.contents(atPath: dir + "/.assetsmith/preview.html")), as: UTF8.self)
        #expect(html.contains("Icon Composer icon AppIcon (approximation)"))
        #expect(html.contains("APPROXIMATION: layers composited flat on the fill and masked to the rounded square"))
    }

    @Test func aDamagedLayerFailsThatLayerOnlyAndASmallPNGIsAWarning() throws {
        let dir = try Self.project("icon-damaged")
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect".utf8)
            .write(to: URL(fileURLWithPath: dir + "/Art/broken.svg"))
        try CLI.copyFromRepo("Tests/Fixtures/pngsuite/basn6a08.png", to: dir + "/Art", as: "small.png")
        try """
        output: Output
        assets:
          - name: AppIcon
            kind: app-icon
            layers: [Art/back.svg, Art/broken.svg, Art/small.png]
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        for _ in 0..<2 {
            let build = try CLI.run(["build"], in: dir)
            #expect(build.status == 1)
            #expect(build.stderr.hasPrefix("assetsmith.yml:5:28: error: cannot copy layer \"Art/broken.svg\" of the icon \"AppIcon\": "))
            #expect(build.stderr.contains("assetsmith.yml:5:44: warning: layer \"Art/small.png\" of the icon \"AppIcon\" is 32x32 px, smaller than the 1024x1024 px icon canvas; it will look soft"))
        }
        #expect(Self.files(dir + "/Output/AppIcon.icon") == ["Assets/back.svg", "Assets/small.png", "icon.json"])
    }

    /// A PNG layer is copied as it is, colour profile included (Icon Composer reads it), so the
    /// warning that a drawn image's profile is not applied is given for the drawn image only, and
    /// the file is read once for both.
    @Test func aLayerKeepsItsColourProfileAndOnlyTheDrawnImageWarns() throws {
        let dir = try Self.project("icon-p3")
        try FileManager.default.copyItem(atPath: Fixtures.url("Artwork/display-p3.png").path, toPath: dir + "/Art/p3.png")
        try """
        output: Output
        assets:
          - name: AppIcon
            kind: app-icon
            layers: [Art/back.svg, Art/p3.png]
          - {name: P3, kind: image, source: Art/p3.png, size: 20}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let build = try CLI.run(["build"], in: dir)
        let profileWarning = "Art/p3.png: warning: has the embedded colour profile \"Display P3\", which is not applied"
        #expect(build.stderr.components(separatedBy: profileWarning).count == 2, "one warning, for the drawn image: \(build.stderr)")
        #expect(FileManager.default.contents(atPath: dir + "/Output/AppIcon.icon/Assets/p3.png")
                == FileManager.default.contents(atPath: dir + "/Art/p3.png"), "the layer is the file as it is")
        try """
        output: Output
        assets:
          - name: AppIcon
            kind: app-icon
            layers: [Art/back.svg, Art/p3.png]
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let copyOnly = try CLI.run(["build"], in: dir)
        #expect(!copyOnly.stderr.contains("colour profile"), "\(copyOnly.stderr)")
    }

    @Test func aBadLayerIsAManifestErrorWithLineAndColumn() throws {
        let dir = try Self.project("icon-bad")
        try """
        output: Output
        assets:
          - name: AppIcon
            kind: app-icon
            layers:
              - Art/nothing.svg
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 2)
        #expect(build.stderr.hasPrefix("assetsmith.yml:6:9: error: layer file \"Art/nothing.svg\" in \"layers\" of asset \"AppIcon\" does not exist\n  fix: check the path; it is relative to the manifest's folder\n"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/Output"))
    }
}
