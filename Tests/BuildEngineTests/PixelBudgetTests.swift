@testable import BuildEngine
import AssetCatalog
import AssetCore
import AssetPlan
import Testing

/// Decoded sources are held in batches within the build's pixel budget.
@Suite struct PixelBudgetTests {
    let pixels = ["a.png": 60, "b.png": 60, "c.png": 30, "big.png": 150]

    @Test func jobsOfOneSourceShareABatchAndBatchesStayWithinBudget() {
        let keys = ["a1", "b1", "a2", "c1", "b2"]
        let batches = RenderSchedule<String>.batches(keys, sources: { [String($0.prefix(1)) + ".png"] }, pixels: { pixels[$0] ?? 0 }, budget: 100)
        #expect(batches == [["a1", "a2"], ["b1", "b2", "c1"]])
    }

    @Test func aSourceOverTheBudgetGetsABatchOfItsOwn() {
        let batches = RenderSchedule<String>.batches(["a", "big", "c"], sources: { [$0 + ".png"] }, pixels: { pixels[$0] ?? 0 }, budget: 100)
        #expect(batches == [["a"], ["big"], ["c"]])
    }

    @Test func everythingWithinBudgetIsOneBatch() {
        let batches = RenderSchedule<String>.batches(["a", "c"], sources: { [$0 + ".png"] }, pixels: { pixels[$0] ?? 0 }, budget: 1_000)
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
        return KeyedGroup(group: RenderGroup(jobs: [job]), digest: SHA256Digest(name))
    }

    static func runs(_ items: [KeyedGroup]) -> [[KeyedGroup]] {
        RenderSchedule.outputRuns(items, pixels: { $0.group.job.pixelSize.width * $0.group.job.pixelSize.height }, budget: 100_000_000)
    }

    @Test func outputsAreDrawnInRunsWithinTheBudget() {
        let big = (0..<6).map { Self.group(6144, "I\($0)") } // 37.7 megapixels each
        let runs = Self.runs(big)
        #expect(runs.map(\.count) == [2, 2, 2])
        let small = (0..<6).map { Self.group(100, "S\($0)") }
        #expect(Self.runs(small).map(\.count) == [6])
        // One over the budget alone still gets drawn, in a run of its own.
        #expect(Self.runs([Self.group(20_000, "H")] + small).map(\.count) == [1, 6])
    }
}

/// The schedule decides, before any pixel, when each source is let go and when a file's bytes are
/// no longer needed: the batch after its last use, never earlier (issue 37).
@Suite struct RenderScheduleTests {
    // Items name their sources: "a1" draws from a.png, "ab" from a.png and b.png.
    let pixels = ["a.png": 60, "b.png": 60, "c.png": 30, "pageA": 10, "pageB": 10]
    let files = ["a.png": "a.png", "b.png": "b.png", "c.png": "c.png", "pageA": "doc.pdf", "pageB": "doc.pdf"]

    func schedule(_ items: [String: [String]], order: [String], budget: Int = 100) -> RenderSchedule<String> {
        RenderSchedule(order, sources: { items[$0] ?? [] }, file: { files[$0] }, pixels: { pixels[$0] ?? 0 }, budget: budget)
    }

    @Test func aSourceIsLetGoAfterItsLastBatchAndNotBefore() {
        let plan = schedule(["a1": ["a.png"], "b1": ["b.png"], "ab": ["a.png", "b.png"], "c1": ["c.png"]],
                            order: ["a1", "b1", "ab", "c1"])
        // a1 and ab (first source a.png) come first; a.png + b.png = 120 > 100, so ab starts a batch.
        #expect(plan.batches == [["a1"], ["ab"], ["b1", "c1"]])
        #expect(plan.released(after: 0) == [])
        #expect(plan.released(after: 1) == ["a.png"])
        #expect(plan.released(after: 2) == ["b.png", "c.png"])
        #expect(plan.isLast("a.png", in: 1))
        #expect(!plan.isLast("a.png", in: 0))
        #expect(plan.released(after: 3) == [])
    }

    @Test func aFileLoadedUnderTwoKeysIsKeptUntilTheLaterOnesBatch() {
        let plan = schedule(["p1": ["pageA"], "c1": ["c.png"], "p2": ["pageB"]], order: ["p1", "c1", "p2"], budget: 15)
        #expect(plan.batches == [["c1"], ["p1"], ["p2"]])
        #expect(!plan.isDone(withFile: "doc.pdf", after: 1), "pageB, drawn in batch 2, reads the same file")
        #expect(plan.isDone(withFile: "doc.pdf", after: 2))
        #expect(plan.isDone(withFile: "c.png", after: 0))
        #expect(plan.isDone(withFile: "unknown.png", after: 0), "a file no batch reads is never held")
    }
}
