import AssetCore
import AssetPlan
import Foundation
import Testing
import TestSupport
import Verification

/// Issue 36: manifest-mode verify does not only trust the plan for sizes. A planner defect that
/// draws an iPad @1x slot at @2x writes a file that agrees with the (wrong) plan; the catalog's
/// own arithmetic (size × scale from Contents.json) still catches it.
@Suite struct PlanSizeMutantTests {
    @Test func anIPad1xSlotDrawnAt2xIsCaughtInManifestMode() throws {
        let project = try VerifyFixtures.projectCopy()
        try """
        table: ios12
        output: Output
        catalog: Assets
        assets:
          - {name: AppIcon, kind: app-icon, source: Icon.svg, background: "#1B3FA8"}
        """.write(to: project.appendingPathComponent("assetsmith.yml"), atomically: true, encoding: .utf8)
        var plan = try VerifyFixtures.plan(project: project)
        let index = try #require(plan.jobs.firstIndex { $0.slot.lowercased().contains("ipad") && $0.scale == .x1 }, "\(plan.jobs.map(\.slot))")
        let right = plan.jobs[index].pixelSize
        // The mutant: the @1x slot planned (and so drawn) at twice its pixels.
        plan.jobs[index].pixelSize = PixelSize(width: right.width * 2, height: right.height * 2)
        try VerifyFixtures.fakeBuild(plan)
        let sizes = VerifyFixtures.verify(plan).findings.filter { $0.rule == .pixelSize }
        #expect(sizes.map(\.message) == ["is \(right.width * 2)x\(right.height * 2) px but slot \(Self.label(plan.jobs[index])) needs \(right)"],
                "\(sizes.map(\.message))")
        #expect(sizes.first?.file.hasSuffix(PathText.lastComponent(plan.jobs[index].output)) == true)
    }

    /// `ipad 20pt @1x` as the catalog check words it (from Contents.json).
    static func label(_ job: RenderJob) -> String {
        job.slot
    }
}
