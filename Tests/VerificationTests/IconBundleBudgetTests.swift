import AssetCore
import Foundation
import Testing
import TestSupport
import Verification

/// Issue 36: verify reads a `.icon` bundle within budgets and never through a link out of it, and
/// a catalog PNG whose size its header cannot explain is reported, not read.
@Suite struct IconBundleBudgetTests {
    func project() throws -> (catalog: String, bundle: String) {
        let catalog = try IconBundleTests().project("MeshCoreOne")
        return (catalog, (catalog as NSString).deletingLastPathComponent + "/AppIcon.icon")
    }

    func lines(_ catalog: String) -> [String] {
        Verifier.verify(catalogAt: catalog, displayPath: "Assets.xcassets").findings
            .map { "\($0.severity) \($0.rule.rawValue) \($0.file): \($0.message)" }
    }

    @Test func anAssetsFolderThatIsALinkIsNotFollowed() throws {
        let (catalog, bundle) = try project()
        let outside = PathText.parent(PathText.parent(bundle)) + "/outside-\(UUID().uuidString)"
        try FileManager.default.moveItem(atPath: bundle + "/Assets", toPath: outside)
        try Data("secret".utf8).write(to: URL(fileURLWithPath: outside + "/secret-name.txt"))
        try FileManager.default.createSymbolicLink(atPath: bundle + "/Assets", withDestinationPath: outside)
        let found = lines(catalog)
        #expect(found == ["error file-type AppIcon.icon/Assets: is a symbolic link, which is not followed out of the .icon bundle"])
        #expect(!found.joined().contains("secret-name"))
    }

    @Test func aLayerFileThatIsALinkIsNotRead() throws {
        let (catalog, bundle) = try project()
        try FileManager.default.removeItem(atPath: bundle + "/Assets/glyph.png")
        try FileManager.default.createSymbolicLink(atPath: bundle + "/Assets/glyph.png", withDestinationPath: "/etc/passwd")
        #expect(lines(catalog).contains("error file-type AppIcon.icon/Assets/glyph.png: is reached through \"Assets/glyph.png\", a symbolic link, which is not followed out of the .icon bundle"))
    }

    @Test func aSparseIconJSONOrLayerIsRefusedFromItsSize() throws {
        let (catalog, bundle) = try project()
        for (file, size) in [("icon.json", 3 << 30), ("Assets/background.png", 3 << 30)] {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: bundle + "/" + file))
            try handle.truncate(atOffset: UInt64(size))
            try handle.close()
        }
        #expect(lines(catalog) == ["error contents AppIcon.icon/icon.json: icon.json is 3 GB, over the budget of 16 MB for an icon.json"])
        try FileManager.default.copyItem(atPath: Fixtures.url("IconComposer/RealWorld/MeshCoreOne/AppIcon.icon/icon.json").path,
                                         toPath: bundle + "/icon2.json")
        try FileManager.default.removeItem(atPath: bundle + "/icon.json")
        try FileManager.default.moveItem(atPath: bundle + "/icon2.json", toPath: bundle + "/icon.json")
        #expect(lines(catalog).contains("error file-type AppIcon.icon/Assets/background.png: is 3 GB, over the budget of 256 MB for a layer file"))
    }
}
