import AssetCatalog
import AssetCore
import AssetPlan
import Foundation
import Testing

/// Files next to the catalog (the UILaunchScreen snippet): written, recorded, left alone when
/// unchanged, never written over a file Assetsmith did not make, removed when stale.
@Suite struct OutputFileTests {
    static func plan(_ root: URL, _ files: [OutputFile]) -> Plan {
        Plan(table: "ios18", outputDirectory: root.path, catalogFolder: "Assets.xcassets", jobs: [], entries: [],
             outputFiles: files)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("output-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func writtenRecordedUnchangedThenRemoved() throws {
        let root = try Self.temporaryDirectory()
        let snippet = OutputFile(path: "Launch-UILaunchScreen.plist", asset: "Launch", text: "<plist/>\n")
        let first = CatalogWriter.write(Self.plan(root, [snippet]), files: [:], failed: [])
        #expect(first.written.contains("Launch-UILaunchScreen.plist") && first.diagnostics.isEmpty)
        #expect(try String(contentsOf: root.appendingPathComponent("Launch-UILaunchScreen.plist"), encoding: .utf8) == "<plist/>\n")
        let record = BuildRecord.read(at: StateFolder.legacy(outputDirectory: root.path, catalogFolder: "Assets.xcassets").record)
        #expect(record?.outputFiles?["Launch-UILaunchScreen.plist"]?.asset == "Launch")

        let second = CatalogWriter.write(Self.plan(root, [snippet]), files: [:], failed: [])
        #expect(second.unchanged.contains("Launch-UILaunchScreen.plist") && !second.written.contains("Launch-UILaunchScreen.plist"))

        let third = CatalogWriter.write(Self.plan(root, []), files: [:], failed: [])
        #expect(third.removed == ["Launch-UILaunchScreen.plist"])
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Launch-UILaunchScreen.plist").path))
    }

    @Test func aFileSomeoneElseMadeIsNotOverwritten() throws {
        let root = try Self.temporaryDirectory()
        let mine = root.appendingPathComponent("Launch-UILaunchScreen.plist")
        try Data("hand made\n".utf8).write(to: mine)
        let report = CatalogWriter.write(
            Self.plan(root, [OutputFile(path: "Launch-UILaunchScreen.plist", asset: "Launch", text: "<plist/>\n")]),
            files: [:], failed: [])
        #expect(report.diagnostics.contains { $0.message.contains("was not written by assetsmith") })
        #expect(try String(contentsOf: mine, encoding: .utf8) == "hand made\n")
    }
}

/// `ContentsReader.setPaths` lists what `sets(inCatalogAt:)` finds, without reading Contents.json.
@Suite struct SetPathsTests {
    @Test func theSameSetsAsTheFullReaderGroupFoldersAndContainersIncluded() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("setpaths-\(UUID().uuidString)/Assets.xcassets")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        for folder in ["AppIcon.appiconset", "Group/Logo.imageset", "Group/Sub/Mark.imageset", "Brand.brandassets/App.imagestack/Front.imagestacklayer/Content.imageset",
                       "Empty.imageset"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            if folder != "Empty.imageset" {
                try Data("{}".utf8).write(to: root.appendingPathComponent(folder + "/Contents.json"))
            }
        }
        let full = (ContentsReader.sets(inCatalogAt: root.path) ?? []).map(\.path)
        #expect(ContentsReader.setPaths(inCatalogAt: root.path) == full)
        #expect(full.contains("Brand.brandassets/App.imagestack/Front.imagestacklayer/Content.imageset"))
        #expect(full.contains("Empty.imageset"))
    }
}
