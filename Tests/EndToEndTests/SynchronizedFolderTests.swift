import Foundation
import Testing
import TestSupport

/// Issue 47: Xcode 16 copies every file of a synchronized folder into the app, dot files included
/// (tuist/tuist#11534), so init → build → preview leaves nothing of Assetsmith's inside one but the
/// catalog's own contents, and `verify --project` says when an older build left its state there.
@Suite struct SynchronizedFolderTests {
    /// IceCubes (Xcode 16, its app folder synchronized) in a folder of its own.
    static func project(_ label: String) throws -> String {
        let dir = CLI.temporaryDirectory(label)
        try FileManager.default.removeItem(atPath: dir)
        try FileManager.default.copyItem(atPath: Fixtures.directory.appendingPathComponent("XcodeProjects/IceCubes").path, toPath: dir)
        return dir
    }

    /// Every file below `folder`, relative, with its bytes.
    static func files(_ folder: String) -> [String: Data] {
        var found: [String: Data] = [:]
        guard let paths = FileManager.default.enumerator(atPath: folder) else { return found }
        for case let path as String in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found[path] = FileManager.default.contents(atPath: folder + "/" + path)
            }
        }
        return found
    }

    @Test func initBuildAndPreviewAddNothingButCatalogContentsToASynchronizedFolder() throws {
        let dir = try Self.project("synchronized")
        let synchronized = ["IceCubesApp", "AlternateIcons", "IceCubesActionExtension", "IceCubesAppWidgetsExtension"]
        let before = synchronized.map { Self.files(dir + "/" + $0) }
        #expect(try CLI.run(["init"], in: dir).status == 0)
        let build = try CLI.run(["build", "--preview"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/.assetsmith/preview.png"), "the preview beside the manifest")
        for (folder, earlier) in zip(synchronized, before) {
            let now = Self.files(dir + "/" + folder)
            let changed = now.keys.filter { now[$0] != earlier[$0] } + earlier.keys.filter { now[$0] == nil }
            let outside = changed.filter { !$0.hasPrefix("Assets.xcassets/") }
            #expect(outside.isEmpty, "\(folder): \(outside.sorted())")
            #expect(!now.keys.contains { $0.contains(".assetsmith") }, "\(folder)")
        }
    }

    @Test func verifyNamesAStateFolderLeftInsideASynchronizedFolder() throws {
        let dir = try Self.project("synchronized-state")
        let clean = try CLI.run(["verify", "--project", "IceCubesApp.xcodeproj"], in: dir)
        #expect(!clean.stdout.contains("synchronized-copy"), "\(clean.stdout)")
        try FileManager.default.createDirectory(atPath: dir + "/IceCubesApp/.assetsmith/backup/Assets.xcassets", withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: dir + "/IceCubesApp/.assetsmith/Assets.xcassets.record.json"))
        try FileManager.default.createDirectory(atPath: dir + "/AlternateIcons/.old/Backup.xcassets", withIntermediateDirectories: true)
        let found = try CLI.run(["verify", "--project", "IceCubesApp.xcodeproj", "--format", "json"], in: dir)
        let lines = found.stdout.split(separator: "\n").filter { $0.contains("synchronized-copy") }
        #expect(lines.count == 2, "\(found.stdout)")
        let text = try CLI.run(["verify", "--project", "IceCubesApp.xcodeproj"], in: dir)
        #expect(text.stdout.contains("IceCubesApp/.assetsmith: warning: is assetsmith's state folder inside \"IceCubesApp\""), "\(text.stdout)")
        #expect(text.stdout.contains("AlternateIcons/.old/Backup.xcassets: note: is a catalog inside a hidden folder"), "\(text.stdout)")
    }

    /// An app's and its widget's manifest in one folder, each writing an `Assets.xcassets`, keep
    /// their own state (`.assetsmith` and `.assetsmith/widget`) and file lists: one's build never
    /// takes the other's files for its own or for hand-made ones.
    @Test func twoManifestsOfOneFolderKeepTheirOwnStateAndLists() throws {
        let dir = CLI.temporaryDirectory("two-manifests")
        try CLI.copyFromRepo("Assets/Glyphs/star.svg", to: dir)
        try "assets:\n  - {name: Star, kind: image, source: star.svg, size: 20}\noutput: App/Assets.xcassets\n"
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        try "assets:\n  - {name: Glint, kind: image, source: star.svg, size: 16}\noutput: Widget/Assets.xcassets\n"
            .write(toFile: dir + "/widget.yml", atomically: true, encoding: .utf8)
        for manifest in ["assetsmith.yml", "widget.yml", "assetsmith.yml", "widget.yml"] {
            let build = try CLI.run(["xcode", "--manifest", manifest], in: dir)
            #expect(build.status == 0, "\(manifest): \(build.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: dir + "/.assetsmith/Assets.xcassets.record.json"))
        #expect(FileManager.default.fileExists(atPath: dir + "/.assetsmith/widget/Assets.xcassets.record.json"))
        let app = try String(contentsOfFile: dir + "/assetsmith-outputs.xcfilelist", encoding: .utf8)
        let widget = try String(contentsOfFile: dir + "/widget-outputs.xcfilelist", encoding: .utf8)
        #expect(app.contains("$(SRCROOT)/App/Assets.xcassets/Star.imageset/Star.png") && !app.contains("Widget/"), "\(app)")
        #expect(widget.contains("$(SRCROOT)/.assetsmith/widget/Assets.xcassets.record.json") && !widget.contains("App/"), "\(widget)")
        let again = try CLI.run(["build", "--manifest", "widget.yml"], in: dir)
        #expect(again.stderr.contains("0 rendered") && again.stderr.contains("0 removed"), "\(again.stderr)")
    }
}
