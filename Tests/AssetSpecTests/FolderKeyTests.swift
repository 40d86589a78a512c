import AssetCore
import AssetSpec
import Foundation
import Testing

/// `folder:` (issue 35): the group folder of the catalog that holds an asset's sets; what is
/// accepted, and the error at the line for what is not.
@Suite struct FolderKeyTests {
    let directory: String = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folder-key-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir + "/Art", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: dir + "/Art/icon.svg", contents: Data("<svg/>".utf8))
        return dir
    }()

    func manifest(_ folder: String) -> String {
        "assets:\n  - name: AppIcon\n    kind: app-icon\n    source: Art/icon.svg\n    folder: \(folder)\n"
    }

    @Test(arguments: [("AppIcons", "AppIcons"), ("Icons/App", "Icons/App"), ("AppIcons/", "AppIcons")])
    func aGroupFolderPathIsAccepted(written: String, read: String) throws {
        let loaded = try ManifestLoader.parse(manifest(written), file: "assetsmith.yml", directory: directory)
        #expect(loaded.assets.first?.folder == read)
    }

    @Test(arguments: [
        ("/abs", "it must be relative to the catalog, not an absolute path"),
        ("../Out", "it must be folder names separated by \"/\" (no empty part, \".\" or \"..\")"),
        ("A//B", "it must be folder names separated by \"/\" (no empty part, \".\" or \"..\")"),
        ("Icons.xcassets", "\"Icons.xcassets\" has an extension, so Xcode reads it as a set, not a group folder"),
    ])
    func anythingElseIsAnErrorAtItsLine(written: String, why: String) {
        let errors = manifestErrors(manifest(written), directory: directory)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix("assetsmith.yml:5:13: error: \"folder\" in asset \"AppIcon\" is \"\(written)\": \(why)") == true, "\(errors)")
    }

    @Test func aGlyphKindDoesNotTakeIt() {
        let errors = manifestErrors("assets:\n  - {name: Home, kind: tab-icon, source: Art/icon.svg, folder: Tabs}\n", directory: directory)
        #expect(errors.contains { $0.contains("unknown key \"folder\"") }, "\(errors)")
    }
}
