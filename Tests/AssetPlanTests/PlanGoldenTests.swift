import AssetPlan
import AssetSpec
import Foundation
import Testing
import TestSupport

/// The plan of the bundled example (`assetsmith.yml`) against its golden JSON, in this process
/// (`PlanCommandTests` checks the same through the binary). `RECORD_GOLDENS=1` rewrites the golden
/// and fails.
@Suite struct PlanGoldenTests {
    @Test func planOfTheBundledExampleMatchesGoldenInProcess() throws {
        let root = Fixtures.repoRoot.path
        let manifest = try ManifestLoader.load(path: root + "/assetsmith.yml")
        let plan = try Planner.plan(manifest, tableDirectories: [root + "/Templates/Tables"])
        let text = String(decoding: try plan.portableJSON(relativeTo: manifest.directory), as: UTF8.self)
        let golden = Fixtures.url("Expected/plan-bundled-example.json")
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try Data(text.utf8).write(to: golden)
            Issue.record("recorded \(golden.path); check it and run again without RECORD_GOLDENS")
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        if text != expected {
            let ours = text.split(separator: "\n", omittingEmptySubsequences: false)
            let theirs = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let first = Array(zip(ours, theirs)).firstIndex { $0.0 != $0.1 } ?? min(ours.count, theirs.count)
            Issue.record("""
                the plan differs from \(golden.lastPathComponent) from line \(first + 1):
                  golden: \(first < theirs.count ? String(theirs[first]) : "(end)")
                  plan:   \(first < ours.count ? String(ours[first]) : "(end)")
                fix: if the new plan is right, run with RECORD_GOLDENS=1 and review the diff
                """)
        }
        #expect(!text.contains(root), "paths in the plan are relative")
    }
}
