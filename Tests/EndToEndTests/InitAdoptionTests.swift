import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport

/// `init` on projects shaped as real ones are (issue 35): icons in a group folder (`AppIcons/`),
/// a finished macOS icon whose 1024 px master is `icon_512x512@2x.png`, an Icon Composer `.icon`
/// beside the catalog, an Xcode project one folder down (`macos/Acme.xcodeproj`).
@Suite struct InitAdoptionTests {
    static let info = #""info":{"author":"xcode","version":1}"#

    static func write(_ bitmap: Bitmap, to path: String) throws {
        try FileManager.default.createDirectory(atPath: PathText.parent(path), withIntermediateDirectories: true)
        try PNGCodec.encode(bitmap, channels: .rgba).write(to: URL(fileURLWithPath: path))
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: PathText.parent(path), withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// `App/Assets.xcassets` with `AppIcons/AppIcon` and `AppIcons/Orange` (single-size iOS sets in
    /// a group folder) and `App/AppIcon.icon` beside the catalog.
    static func groupedProject(_ label: String) throws -> String {
        let dir = CLI.temporaryDirectory(label)
        let catalog = dir + "/App/Assets.xcassets"
        try write("{\(info)}", to: catalog + "/Contents.json")
        try write("{\(info)}", to: catalog + "/AppIcons/Contents.json")
        for (name, colour) in [("AppIcon", RGBAColor(red: 200, green: 30, blue: 30)), ("Orange", RGBAColor(red: 250, green: 150, blue: 0))] {
            try write(Bitmap(width: 1024, height: 1024, filledWith: colour), to: catalog + "/AppIcons/\(name).appiconset/\(name).png")
            try write(#"{"images":[{"filename":"\#(name).png","idiom":"universal","platform":"ios","size":"1024x1024"}],\#(info)}"#,
                      to: catalog + "/AppIcons/\(name).appiconset/Contents.json")
        }
        try write(#"{"groups":[]}"#, to: dir + "/App/AppIcon.icon/icon.json")
        return dir
    }

    /// A finished macOS icon: a blue square inset 100 px of 1024 on a transparent canvas.
    static func macIcon(side: Int) -> Bitmap {
        var bitmap = Bitmap(width: side, height: side, filledWith: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0))
        let margin = side * 100 / 1024
        for y in margin..<(side - margin) {
            for x in margin..<(side - margin) {
                bitmap.pixels.replaceSubrange((y * side + x) * 4..<(y * side + x) * 4 + 4, with: [40, 120, 220, 255])
            }
        }
        return bitmap
    }

    @Test func setsInAGroupFolderAreAdoptedAndWrittenBackWhereTheyAre() throws {
        let dir = try Self.groupedProject("init-group")
        let iconBundle = AdoptionTests.snapshot(dir + "/App/AppIcon.icon")
        let result = try CLI.run(["init"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try String(contentsOfFile: dir + "/assetsmith.yml", encoding: .utf8)
        #expect(manifest.contains("  - name: Orange\n    kind: app-icon\n    source: AssetSources/Orange.png\n    folder: AppIcons"), "\(manifest)")
        #expect(manifest.contains("#   App/AppIcon.icon\n"), "\(manifest)")
        #expect(result.stderr.contains("kept App/AppIcon.icon as your own"), "\(result.stderr)")
        #expect(result.stderr.contains("adopted 2 of 2 app icons; 1 .icon kept as your own"), "\(result.stderr)")

        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        let catalog = dir + "/App/Assets.xcassets"
        #expect(FileManager.default.fileExists(atPath: catalog + "/AppIcons/Orange.appiconset/Orange-1024.png"))
        #expect(!FileManager.default.fileExists(atPath: catalog + "/Orange.appiconset"), "never moved to the top level")
        #expect(!FileManager.default.fileExists(atPath: catalog + "/AppIcon.appiconset"))
        #expect(AdoptionTests.snapshot(dir + "/App/AppIcon.icon") == iconBundle, "the .icon is the user's own")
        let verify = try CLI.run(["verify"], in: dir)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    @Test func twoSetsOfOneNameInDifferentGroupsAreAdoptedOnce() throws {
        let dir = try Self.groupedProject("init-twice")
        let legacy = dir + "/App/Assets.xcassets/Legacy/Orange.appiconset"
        try Self.write(Bitmap(width: 1024, height: 1024, filledWith: RGBAColor(red: 9, green: 9, blue: 9)), to: legacy + "/old.png")
        try Self.write(#"{"images":[{"filename":"old.png","idiom":"universal","platform":"ios","size":"1024x1024"}],\#(Self.info)}"#,
                       to: legacy + "/Contents.json")
        let result = try CLI.run(["init"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("left Legacy/Orange.appiconset: another set named \"Orange\" is adopted (AppIcons/Orange.appiconset)"),
                "\(result.stderr)")
        #expect(result.stderr.contains("adopted 2 of 3 app icons; left 1: Orange.appiconset"), "\(result.stderr)")
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 2, "the catalog itself holds two sets of one name: \(build.stderr)")
        #expect(build.stderr.contains("but the catalog already holds a set of that name at \"Assets.xcassets/Legacy/Orange.appiconset\""), "\(build.stderr)")
    }

    @Test func aMacSetIsAdoptedFromIts512At2xFileAndKeptAsDrawn() throws {
        let dir = CLI.temporaryDirectory("init-mac")
        let set = dir + "/Mac/Assets.xcassets/AppIcon.appiconset"
        try Self.write("{\(Self.info)}", to: dir + "/Mac/Assets.xcassets/Contents.json")
        var images: [String] = []
        for points in [16, 32, 128, 256, 512] {
            for scale in [1, 2] {
                let file = "icon_\(points)x\(points)\(scale == 2 ? "@2x" : "").png"
                try Self.write(Self.macIcon(side: points * scale), to: set + "/" + file)
                images.append(#"{"filename":"\#(file)","idiom":"mac","scale":"\#(scale)x","size":"\#(points)x\#(points)"}"#)
            }
        }
        try Self.write(#"{"images":[\#(images.joined(separator: ","))],\#(Self.info)}"#, to: set + "/Contents.json")
        let master = FileManager.default.contents(atPath: set + "/icon_512x512@2x.png")

        let result = try CLI.run(["init"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try String(contentsOfFile: dir + "/assetsmith.yml", encoding: .utf8)
        #expect(manifest.contains("    source: AssetSources/AppIcon.png\n    platforms: [macos]\n    macos-style: as-drawn"), "\(manifest)")
        #expect(FileManager.default.contents(atPath: dir + "/AssetSources/AppIcon.png") == master)
        #expect(result.stderr.contains("adopted 1 of 1 app icon"), "\(result.stderr)")

        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        let drawn = try PNGCodec.decode(try Data(contentsOf: URL(fileURLWithPath: set + "/AppIcon-mac-512@2x.png")))
        #expect(drawn.pixel(x: 5, y: 5).alpha == 0, "the transparent margin is kept, not flattened onto white")
        #expect(drawn.pixel(x: 512, y: 512) == RGBAColor(red: 40, green: 120, blue: 220))
        let verify = try CLI.run(["verify"], in: dir)
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    }

    @Test func aMacSetWithNoFileOf1024PixelsIsLeftAndSaysWhy() throws {
        let dir = CLI.temporaryDirectory("init-mac-small")
        let set = dir + "/Mac/Assets.xcassets/AppIcon.appiconset"
        try Self.write("{\(Self.info)}", to: dir + "/Mac/Assets.xcassets/Contents.json")
        try Self.write(Self.macIcon(side: 512), to: set + "/icon_512x512.png")
        try Self.write(#"{"images":[{"filename":"icon_512x512.png","idiom":"mac","scale":"1x","size":"512x512"}],\#(Self.info)}"#,
                       to: set + "/Contents.json")
        let result = try CLI.run(["init"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("left AppIcon.appiconset: no PNG of 1024x1024 px (or larger) among its 1 files"), "\(result.stderr)")
        #expect(result.stderr.contains("adopted 0 of 1 app icon; left 1: AppIcon.appiconset"), "\(result.stderr)")
    }

    @Test func initAtTheRepositoryRootFindsTheProjectOneFolderDownAndWritesOneManifest() throws {
        let dir = CLI.temporaryDirectory("init-subfolder")
        try FileManager.default.copyItem(atPath: Fixtures.directory.appendingPathComponent("XcodeProjects/TwoApps").path,
                                         toPath: dir + "/macos")
        let result = try CLI.run(["init"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try String(contentsOfFile: dir + "/assetsmith.yml", encoding: .utf8)
        #expect(manifest.contains("\nproject: macos/Acme.xcodeproj "), "\(manifest)")
        #expect(manifest.contains("\noutput: macos/Acme/Assets.xcassets "), "\(manifest)")

        let second = try CLI.run(["init", "--project", "macos/Acme.xcodeproj"], in: dir)
        #expect(second.status == 2)
        #expect(second.stderr.contains("\"assetsmith.yml\" already exists; init never overwrites a manifest"), "\(second.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/macos/assetsmith.yml"), "no second manifest")

        // A manifest beside the project (written there earlier) counts too: none is added at the root.
        try FileManager.default.moveItem(atPath: dir + "/assetsmith.yml", toPath: dir + "/macos/assetsmith.yml")
        let third = try CLI.run(["init"], in: dir)
        #expect(third.status == 2)
        #expect(third.stderr.contains("macos/assetsmith.yml: error: \"macos/assetsmith.yml\" already exists for macos/Acme.xcodeproj; init writes one manifest per project"),
                "\(third.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/assetsmith.yml"))
    }
}
