import Foundation
import Testing
import TestSupport

/// `assetsmith plan`: the resolved jobs as JSON, compared with a golden file.
@Suite struct PlanCommandTests {
    @Test func planOfTheBundledExampleMatchesGolden() throws {
        let result = try CLI.run(["plan"], in: Fixtures.repoRoot.path)
        #expect(result.status == 0, "\(result.stderr)")
        let golden = Fixtures.url("Expected/plan-bundled-example.json")
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try Data(result.stdout.utf8).write(to: golden)
            Issue.record("recorded \(golden.path); check it and run again without RECORD_GOLDENS")
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        #expect(result.stdout == expected, "fix: if the new plan is right, run with RECORD_GOLDENS=1 and review the diff")
        #expect(!result.stdout.contains(Fixtures.repoRoot.path), "paths in the plan are relative")
    }
}
