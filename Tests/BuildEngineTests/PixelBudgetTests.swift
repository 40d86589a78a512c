@testable import BuildEngine
import AssetCore
import AssetPlan
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

/// Outputs drawn at the same time stay within the build's pixel budget (issue 23: six 12,288 px
/// images on six threads held 3.5 GB at once).
@Suite struct OutputRunTests {
    static func group(_ side: Int, _ name: String) -> KeyedGroup {
        let job = RenderJob(output: "\(name).imageset/\(name).png", asset: name, slot: "@1x", scale: .x1,
                            source: SourceRef(path: "/s/\(name).svg", displayPath: "\(name).svg", format: .svg),
                            pixelSize: PixelSize(width: side, height: side), fit: .contain, background: nil,
                            effect: .none, channels: .rgba)
        return KeyedGroup(group: RenderGroup(key: job.renderKey, jobs: [job]), digest: name)
    }

    @Test func outputsAreDrawnInRunsWithinTheBudget() {
        let big = (0..<6).map { Self.group(6144, "I\($0)") } // 37.7 megapixels each
        let runs = BuildEngine.outputRuns(big, budget: 100_000_000)
        #expect(runs.map(\.count) == [2, 2, 2])
        let small = (0..<6).map { Self.group(100, "S\($0)") }
        #expect(BuildEngine.outputRuns(small, budget: 100_000_000).map(\.count) == [6])
        // One over the budget alone still gets drawn, in a run of its own.
        #expect(BuildEngine.outputRuns([Self.group(20_000, "H")] + small, budget: 100_000_000).map(\.count) == [1, 6])
    }
}
