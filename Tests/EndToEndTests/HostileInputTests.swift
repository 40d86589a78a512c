import Foundation
import Testing
import TestSupport

/// Files a user might get from anywhere: each gives a clear error naming it, exit 1, and every
/// other asset is still built.
@Suite struct HostileInputTests {
    static func project(_ label: String, hostile: String, as name: String, kind: String) throws -> String {
        let dir = CLI.temporaryDirectory(label)
        try FileManager.default.copyItem(atPath: Fixtures.directory.appendingPathComponent("Hostile/" + hostile).path,
                                         toPath: dir + "/" + name)
        try CLI.copyFromRepo("Assets/Banner.png", to: dir)
        try """
        table: ios18
        assets:
          - {name: Bad, kind: \(kind), source: \(name), size: 24}
          - {name: Good, kind: image, source: Banner.png, size: 120x45}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func pngOverThePixelBudgetIsRefusedFromItsHeader() throws {
        let dir = try Self.project("huge-png", hostile: "huge-16384.png", as: "huge.png", kind: "image")
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 1)
        #expect(result.stderr.contains("huge.png: error: is 16384x16384 px (268 megapixels), over the budget of 100 megapixels for one source image"),
                "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/Good.imageset/Good@3x.png"))
    }
}
