import AssetCatalog
import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import Testing
import TestSupport
import BuildEngine

/// Badges are part of the build key of badged outputs only (issue 26): a new badge text redraws
/// the flavour's icons and nothing else.
@Suite struct BadgeIncrementalTests {
    func manifest(_ text: String) -> String {
        """
        table: ios18
        output: Output
        assets:
          - name: AppIcon
            kind: app-icon
            source: Icon.svg
            background: "#1B3FA8"
            tinted: auto
          - {name: Banner, kind: image, source: Badge.png, size: 20}
        flavors:
          Beta: {badge: {text: "\(text)", style: ribbon}}

        """
    }

    @Test func changingTheBadgeTextRedrawsOnlyBadgedOutputs() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("badge-engine-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Icon.svg", "Badge.png"] {
            try FileManager.default.copyItem(at: Fixtures.url("Verify/project/\(name)"), to: folder.appendingPathComponent(name))
        }
        let path = folder.appendingPathComponent("assetsmith.yml").path
        func plan(_ text: String) throws -> Plan {
            try manifest(text).write(toFile: path, atomically: true, encoding: .utf8)
            return try Planner.plan(try ManifestLoader.load(path: path),
                                    tableDirectories: [Fixtures.repoRoot.appendingPathComponent("Templates/Tables").path])
        }
        let first = try plan("BETA")
        let badged = first.jobs.filter { $0.badge != nil }
        #expect(badged.map(\.output) == ["AppIcon-Beta.appiconset/AppIcon-Beta-1024.png",
                                         "AppIcon-Beta.appiconset/AppIcon-Beta-Tinted-1024.png"])
        #expect(first.jobs.filter { $0.asset == "AppIcon" }.allSatisfy { $0.badge == nil }, "the base is never badged")
        let built = BuildEngine(threads: 2, force: false).build(first)
        #expect(built.diagnostics.isEmpty, "\(built.diagnostics)")
        #expect(built.rendered == first.jobs.count)

        let second = try plan("RC")
        let rebuilt = BuildEngine(threads: 2, force: false).build(second)
        #expect(rebuilt.rendered == 2)
        #expect(rebuilt.upToDate == second.jobs.count - 2)
        #expect(Set(rebuilt.report.written) == Set(badged.map(\.output)))

        // The same text again: nothing is drawn.
        #expect(BuildEngine(threads: 2, force: false).build(try plan("RC")).rendered == 0)
    }
}
