@testable import BuildEngine
import AssetCore
import Testing

/// Decoded sources are held in batches within the build's pixel budget.
@Suite struct PixelBudgetTests {
    let pixels = ["a.png": 60, "b.png": 60, "c.png": 30, "big.png": 150]

    @Test func jobsOfOneSourceShareABatchAndBatchesStayWithinBudget() {
        let keys = ["a1", "b1", "a2", "c1", "b2"]
        let batches = BuildEngine.batches(keys, sources: { [String($0.prefix(1)) + ".png"] }, pixels: { pixels[$0] ?? 0 }, budget: 100)
        #expect(batches == [["a1", "a2"], ["b1", "b2", "c1"]])
    }

    @Test func aSourceOverTheBudgetGetsABatchOfItsOwn() {
        let batches = BuildEngine.batches(["a", "big", "c"], sources: { [$0 + ".png"] }, pixels: { pixels[$0] ?? 0 }, budget: 100)
        #expect(batches == [["a"], ["big"], ["c"]])
    }

    @Test func everythingWithinBudgetIsOneBatch() {
        let batches = BuildEngine.batches(["a", "c"], sources: { [$0 + ".png"] }, pixels: { pixels[$0] ?? 0 }, budget: 1_000)
        #expect(batches == [["a", "c"]])
    }

    @Test func anImageOverThePerImageBudgetIsRefusedFromItsSize() {
        #expect(PixelBudget.refusal(for: PixelSize(width: 10_000, height: 10_000), file: "x.png") == nil)
        #expect(PixelBudget.refusal(for: PixelSize(width: 16_384, height: 16_384), file: "huge.png")?.description == """
            huge.png: error: is 16384x16384 px (268 megapixels), over the budget of 100 megapixels for one source image
              fix: export a smaller master (4096 px a side is plenty for any app icon or image), or use an SVG
            """)
    }
}
