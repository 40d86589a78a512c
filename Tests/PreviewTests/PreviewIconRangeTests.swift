import AssetCore
import Foundation
import Preview
import Testing

/// Issue 36: every number of icon.json is checked against its range before the preview draws
/// (`"scale": 1e300` crashed with SIGILL, `"scale": 3000` took 6 GB), at the exact boundary, and
/// no layer is read through a link out of the bundle.
@Suite struct PreviewIconRangeTests {
    /// A copy of the MeshCoreOne bundle with the glyph layer's `"scale" : 1` written as `scale`.
    static func bundle(scale: String) throws -> String {
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("preview-range-\(UUID().uuidString)/AppIcon.icon")
        try FileManager.default.createDirectory(at: bundle.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: PreviewIconTests.bundle), to: bundle)
        let file = bundle.appendingPathComponent("icon.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\"scale\" : 1,"))
        try text.replacingOccurrences(of: "\"scale\" : 1,", with: "\"scale\" : \(scale),").write(to: file, atomically: true, encoding: .utf8)
        return bundle.path
    }

    @Test func aHugeScaleIsNamedAndNothingIsDrawn() throws {
        for (scale, shown) in [("1e300", "1e+300"), ("3000", "3000.0"), ("8.001", "8.001")] {
            let icon = try #require(PreviewIcon.read(at: try Self.bundle(scale: scale), side: 64))
            #expect(icon.renditions.isEmpty, "\(scale)")
            #expect(icon.problems == ["\"groups[0].layers[0].position.scale\" in icon.json is \(shown), outside 0 to 8; not drawn"])
        }
    }

    @Test func theLargestScaleInRangeIsDrawn() throws {
        let icon = try #require(PreviewIcon.read(at: try Self.bundle(scale: "8"), side: 64))
        #expect(icon.renditions.count == 3)
        #expect(icon.problems == [])
    }

    @Test func aTranslationOffTheRangeIsRefused() throws {
        let path = try Self.bundle(scale: "1")
        let file = path + "/icon.json"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        try text.replacingOccurrences(of: "-20,\n              -20", with: "-20,\n              -2049")
            .write(toFile: file, atomically: true, encoding: .utf8)
        let icon = try #require(PreviewIcon.read(at: path, side: 64))
        #expect(icon.problems == ["\"groups[0].layers[0].position.translation-in-points[1]\" in icon.json is -2049.0, outside -2048 to 2048; not drawn"])
    }

    @Test func aLayerReachedThroughALinkedAssetsFolderIsNotRead() throws {
        let path = try Self.bundle(scale: "1")
        let outside = PathText.parent(PathText.parent(path)) + "/outside-\(UUID().uuidString)"
        try FileManager.default.moveItem(atPath: path + "/Assets", toPath: outside)
        try FileManager.default.createSymbolicLink(atPath: path + "/Assets", withDestinationPath: outside)
        let icon = try #require(PreviewIcon.read(at: path, side: 64))
        #expect(icon.problems.contains("layer \"glyph.png\" is reached through \"Assets\", a symbolic link, which is not followed out of the .icon bundle"),
                "\(icon.problems)")
    }

    @Test func aSparseIconJSONIsRefusedFromItsSize() throws {
        let path = try Self.bundle(scale: "1")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path + "/icon.json"))
        try handle.truncate(atOffset: UInt64(3) << 30)
        try handle.close()
        let icon = try #require(PreviewIcon.read(at: path, side: 64))
        #expect(icon.problems == ["icon.json is 3 GB, over the budget of 16 MB for an icon.json"])
    }
}
