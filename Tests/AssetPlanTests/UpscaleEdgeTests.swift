import AssetCore
import AssetPlan
import Testing

/// Issue 36: the upscale rule at its edge: a source of exactly the pixels a slot needs (100 %)
/// passes, one pixel short (101 %) is refused, so a mutant allowing a little upscaling is caught.
@Suite struct UpscaleEdgeTests {
    @Test func exactly100PercentPassesAnd101IsRefused() throws {
        let plan = try PlannerTests().plan("table: ios18\nassets:\n  - {name: Small, kind: image, source: banner.png, size: 25}\n")
        let largest = try #require(plan.jobs.max { $0.pixelSize.width < $1.pixelSize.width })
        #expect(largest.pixelSize == PixelSize(width: 75, height: 75))
        #expect(plan.jobs.compactMap { UpscaleRule.check($0, sourcePixels: PixelSize(width: 75, height: 75)) }.isEmpty)
        let refused = plan.jobs.compactMap { UpscaleRule.check($0, sourcePixels: PixelSize(width: 74, height: 74)) }
        #expect(refused.map(\.description) == [
            "assetsmith.yml:3:40: error: \"Small\" 25x25pt @3x needs 75x75 px but source \"banner.png\" has 74x74 px (it would be upscaled to 101%); not rendered\n  fix: supply a source of at least 75x75 px, or an SVG",
        ])
        // A source one pixel short on one axis is drawn at 100 % (contain keeps its aspect), one
        // pixel short on both is not.
        #expect(plan.jobs.compactMap { UpscaleRule.check($0, sourcePixels: PixelSize(width: 75, height: 74)) }.isEmpty)
    }
}
