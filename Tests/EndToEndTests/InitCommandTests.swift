import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport

/// `assetsmith init` on a project that already has a catalog: the manifest it writes builds and
/// verifies, and every set it does not name stays byte for byte as it was.
@Suite struct InitCommandTests {
    /// The Xcode 16 fixture with a designer's 1024 px icon in its AppIcon set and an image set
    /// holding one @3x file.
    static func projectWithArtwork(_ label: String) throws -> (dir: String, icon: Data) {
        let dir = try AdoptionTests.project(label)
        let catalog = dir + "/" + AdoptionTests.catalog
        var icon = Bitmap(width: 1024, height: 1024, filledWith: RGBAColor(red: 20, green: 90, blue: 200))
        for y in 300..<724 {
            for x in 300..<724 { icon.pixels.replaceSubrange((y * 1024 + x) * 4..<(y * 1024 + x) * 4 + 4, with: [250, 250, 250, 255]) }
        }
        let iconData = try PNGCodec.encode(icon, channels: .rgba)
        try iconData.write(to: URL(fileURLWithPath: catalog + "/AppIcon.appiconset/Icon-designer.png"))
        let contents = try String(contentsOfFile: catalog + "/AppIcon.appiconset/Contents.json", encoding: .utf8)
            .replacingOccurrences(of: "    {\n      \"idiom\" : \"universal\",",
                                  with: "    {\n      \"filename\" : \"Icon-designer.png\",\n      \"idiom\" : \"universal\",")
        try contents.write(toFile: catalog + "/AppIcon.appiconset/Contents.json", atomically: true, encoding: .utf8)

        try FileManager.default.createDirectory(atPath: catalog + "/Hero.imageset", withIntermediateDirectories: true)
        let hero = Bitmap(width: 90, height: 60, filledWith: RGBAColor(red: 240, green: 160, blue: 20))
        try PNGCodec.encode(hero, channels: .rgba).write(to: URL(fileURLWithPath: catalog + "/Hero.imageset/hero@3x.png"))
        try #"{"images":[{"filename":"hero@3x.png","idiom":"universal","scale":"3x"}],"info":{"author":"xcode","version":1}}"#
            .write(toFile: catalog + "/Hero.imageset/Contents.json", atomically: true, encoding: .utf8)
        return (dir, iconData)
    }

    @Test func initOnAProjectWithADesignersIconWritesAManifestThatBuildsAndVerifies() throws {
        let (dir, iconData) = try Self.projectWithArtwork("init")
        let catalog = dir + "/" + AdoptionTests.catalog
        let colour = AdoptionTests.snapshot(catalog + "/AccentColor.colorset")
        let logo = AdoptionTests.snapshot(catalog + "/Logo.imageset")

        let result = try CLI.run(["init"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("wrote assetsmith.yml for MyApp/Assets.xcassets: 1 app icon, 1 image; 2 sources copied into AssetSources"),
                "\(result.stderr)")
        let manifest = try String(contentsOfFile: dir + "/assetsmith.yml", encoding: .utf8)
        #expect(manifest.hasPrefix("# yaml-language-server: $schema="), "\(manifest)")
        #expect(manifest.contains("output: MyApp/Assets.xcassets"))
        #expect(!manifest.contains("\ntable:"))
        #expect(manifest.contains("  - name: AppIcon\n    kind: app-icon\n    source: AssetSources/AppIcon.png\n    adopt: true"), "\(manifest)")
        #expect(manifest.contains("  - name: Hero\n    kind: image\n    source: AssetSources/Hero.png\n    size: 30x20\n    scales: [1x, 2x, 3x]\n    adopt: true"),
                "\(manifest)")
        #expect(manifest.contains("#   AccentColor.colorset: a colour set"))
        #expect(manifest.contains("#   Logo.imageset: one file at 1x"))
        #expect(FileManager.default.contents(atPath: dir + "/AssetSources/AppIcon.png") == iconData, "the master is copied byte for byte")

        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("adopted \"Assets.xcassets/AppIcon.appiconset\""))
        let verify = try CLI.run(["verify"], in: dir)
        #expect(verify.status == 0, "\(verify.stdout)")
        #expect(AdoptionTests.snapshot(catalog + "/AccentColor.colorset") == colour)
        #expect(AdoptionTests.snapshot(catalog + "/Logo.imageset") == logo)
        #expect(FileManager.default.contents(atPath: dir + "/.assetsmith/backup/Assets.xcassets/AppIcon.appiconset/Icon-designer.png") == iconData)

        let again = try CLI.run(["init"], in: dir)
        #expect(again.status == 2)
        #expect(again.stderr.contains("assetsmith.yml: error: \"assetsmith.yml\" already exists; init never overwrites a manifest"), "\(again.stderr)")
    }

    @Test func initSkipsBuildFoldersAndFailsClearlyWithoutACatalog() throws {
        let dir = CLI.temporaryDirectory("init-none")
        try FileManager.default.createDirectory(atPath: dir + "/DerivedData/Build/Assets.xcassets", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/Pods/Lib/Assets.xcassets", withIntermediateDirectories: true)
        let result = try CLI.run(["init"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: no asset catalog (.xcassets) found below"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/assetsmith.yml"))
    }

    @Test func placeholderIconIsListedNotInvented() throws {
        let dir = try AdoptionTests.project("init-placeholder")
        let result = try CLI.run(["init"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try String(contentsOfFile: dir + "/assetsmith.yml", encoding: .utf8)
        #expect(manifest.contains("assets: []"))
        #expect(manifest.contains("#   AppIcon.appiconset: an app icon with no image yet"), "\(manifest)")
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
    }

    /// A tvOS project's hand-made brand assets (a reconstruction of Swiftfin's, see the fixture's
    /// README) are one line of the manifest, saying how Assetsmith would draw them, not one line
    /// for each of their 13 nested sets; the build leaves them byte for byte.
    @Test func layeredIconsAreOneLineEachAndStayAsTheyAre() throws {
        let dir = CLI.temporaryDirectory("init-tvos")
        try FileManager.default.createDirectory(atPath: dir + "/App", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.url("Verify/RealWorld/tvos-brand-assets/Assets.xcassets").path,
                                         toPath: dir + "/App/Assets.xcassets")
        let before = try FileManager.default.subpathsOfDirectory(atPath: dir + "/App/Assets.xcassets").sorted()
        let result = try CLI.run(["init"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try String(contentsOfFile: dir + "/assetsmith.yml", encoding: .utf8)
        let brandLines = manifest.split(separator: "\n").filter { $0.contains(".brandassets") }
        #expect(brandLines == ["#   App Icon & Top Shelf Image.brandassets: the tvOS app icon (image stacks) and Top Shelf images, "
            + "kept by hand; to draw them, give the app icon `platforms: [tvos]`, `fill:` and `layers:` (back first), "
            + "and `top-shelf:`/`top-shelf-wide:` artwork"], "\(manifest)")
        #expect(!manifest.contains("inside a group folder"))
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: dir + "/App/Assets.xcassets").sorted() == before)
    }
}
