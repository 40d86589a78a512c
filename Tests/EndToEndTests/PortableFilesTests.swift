import Foundation
import Testing
import TestSupport

/// Files a team commits hold no absolute path of one machine (issue 35): the manifest `init`
/// writes (its schema line) and the build stamp, which still finds the fast path.
@Suite struct PortableFilesTests {
    @Test func initsSchemaLineAndTheStampHoldNoPathOfThisMachine() throws {
        let dir = try InitAdoptionTests.groupedProject("portable")
        #expect(try CLI.run(["init"], in: dir).status == 0)
        let manifest = try String(contentsOfFile: dir + "/assetsmith.yml", encoding: .utf8)
        #expect(manifest.hasPrefix("# yaml-language-server: $schema=https://assetsmith.dev/schema/assetsmith.schema.json\n"), "\(manifest)")
        let machine = [dir, Fixtures.repoRoot.path, FileManager.default.temporaryDirectory.path, "/usr/", "/home/"]
        #expect(!machine.contains { manifest.contains($0) }, "\(manifest)")

        #expect(try CLI.run(["build"], in: dir).status == 0)
        let stamp = try String(contentsOfFile: dir + "/.assetsmith/Assets.xcassets.stamp", encoding: .utf8)
        #expect(!machine.contains { stamp.contains($0) }, "\(stamp)")
        #expect(stamp.contains("\nF ") && stamp.contains("\nD ") && stamp.contains(" ./App/Assets.xcassets/AppIcons/AppIcon.appiconset\n"), "\(stamp)")
        let again = try CLI.run(["build"], in: dir)
        #expect(again.stderr.contains("0 rendered, 2 up to date; 0 written, 4 unchanged, 0 removed"), "the fast path still reads it: \(again.stderr)")
    }
}
