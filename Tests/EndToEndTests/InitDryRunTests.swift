import Foundation
import Testing
import TestSupport

/// `init --dry-run` (issue 39, what the MCP `init` tool returns): the manifest init would write
/// on standard output, byte for byte the one it writes, and nothing written or copied.
@Suite struct InitDryRunTests {
    @Test func dryRunPrintsTheManifestInitWritesAndWritesNothing() throws {
        let dir = CLI.temporaryDirectory("init-dry-run")
        try FileManager.default.copyItem(atPath: Fixtures.directory.appendingPathComponent("XcodeProjects/TwoApps").path,
                                         toPath: dir + "/App")
        let before = try FileManager.default.subpathsOfDirectory(atPath: dir).sorted()
        let dry = try CLI.run(["init", "--dry-run"], in: dir)
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: dir).sorted() == before, "a dry run writes nothing")
        #expect(dry.stderr.contains("would write assetsmith.yml for App/Acme/Assets.xcassets"), "\(dry.stderr)")

        let real = try CLI.run(["init"], in: dir)
        #expect(real.status == 0, "\(real.stderr)")
        #expect(real.stdout.isEmpty)
        let written = try String(contentsOfFile: dir + "/assetsmith.yml", encoding: .utf8)
        #expect(dry.stdout == written)
        #expect(written.contains("kind: app-icon"), "\(written)")
    }
}
