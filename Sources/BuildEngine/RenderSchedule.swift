/// What the render phase will do, decided before a pixel is decoded: the batches (the decoded
/// sources of each within the build's pixel budget), the batch after which each source is let go,
/// the batch after which a file's bytes are no longer needed, and the runs in which a batch's
/// outputs are drawn at once. It decides a source's lifetime across batches only: within a batch,
/// `LazySources` loads a source at its first job and lets it go after its last, and a
/// `RasterImage` lets its pixels go early (`releasePixels`) once its jobs left ask only for sizes
/// it announced.
///
/// Pure: it sees items, the load keys of their sources and sizes, never pixels, so it is
/// unit-tested with made-up sources (`RenderScheduleTests`). Every lookup is a dictionary or a
/// list per batch, so a plan of 50,000 sources costs linear time (issue 38).
package struct RenderSchedule<Item> {
    /// The items cut into batches, in drawing order.
    package let batches: [[Item]]
    /// Load key (`SourceRef.loadKey`) → the last batch that draws from it.
    package let lastBatch: [String: Int]
    /// Source file → the last batch that draws from it under any of its load keys (one file may
    /// be loaded under several keys: a PDF page, an SVG at a size).
    private let lastBatchOfFile: [String: Int]
    /// For each batch, the load keys whose last batch it is.
    private let releasedAfter: [[String]]

    /// `sources` gives an item's load keys, `file` a load key's file, `pixels` a key's decoded size.
    package init(_ items: [Item], sources: (Item) -> [String], file: (String) -> String?, pixels: (String) -> Int,
                 budget: Int) {
        let batches = Self.batches(items, sources: sources, pixels: pixels, budget: budget)
        var lastBatch: [String: Int] = [:]
        for (index, batch) in batches.enumerated() {
            for item in batch { for key in sources(item) { lastBatch[key] = index } }
        }
        var lastBatchOfFile: [String: Int] = [:]
        var releasedAfter: [[String]] = Array(repeating: [], count: batches.count)
        for (key, index) in lastBatch {
            releasedAfter[index].append(key)
            if let path = file(key) { lastBatchOfFile[path] = max(lastBatchOfFile[path] ?? -1, index) }
        }
        self.batches = batches
        self.lastBatch = lastBatch
        self.lastBatchOfFile = lastBatchOfFile
        self.releasedAfter = releasedAfter.map { $0.sorted() }
    }

    /// Whether `batch` is the last that draws from the source known by `key`.
    package func isLast(_ key: String, in batch: Int) -> Bool { lastBatch[key] == batch }

    /// The load keys to let go once `batch` is drawn.
    package func released(after batch: Int) -> [String] { releasedAfter.indices.contains(batch) ? releasedAfter[batch] : [] }

    /// Whether no batch after `batch` reads the file at `path` (its bytes may go).
    package func isDone(withFile path: String, after batch: Int) -> Bool { (lastBatchOfFile[path] ?? -1) <= batch }

    /// `items` cut into batches in order, each needing at most `budget` decoded pixels (an item
    /// whose sources alone exceed it gets a batch of its own). Items are taken grouped by their
    /// first source, so the jobs of one source share a batch.
    package static func batches(_ items: [Item], sources: (Item) -> [String], pixels: (String) -> Int,
                                budget: Int) -> [[Item]] {
        let ordered = items.enumerated()
            .sorted { (sources($0.element).first ?? "", $0.offset) < (sources($1.element).first ?? "", $1.offset) }
            .map(\.element)
        var batches: [[Item]] = []
        var current: [Item] = []
        var held: Set<String> = []
        var total = 0
        for item in ordered {
            // Each of the item's few sources looked up in what the batch holds (a `subtracting`
            // would walk the whole batch, quadratic over 50,000 vector sources of no pixels).
            let new = Set(sources(item).filter { !held.contains($0) })
            let extra = new.reduce(0) { $0 + pixels($1) }
            if !current.isEmpty, total + extra > budget {
                batches.append(current)
                current = []
                held = Set(sources(item))
                total = held.reduce(0) { $0 + pixels($1) }
            } else {
                held.formUnion(new)
                total += extra
            }
            current.append(item)
        }
        if !current.isEmpty { batches.append(current) }
        return batches
    }

    /// `items` cut in order into runs whose output pixels add up to at most `budget` (an item
    /// over it alone gets a run of its own), so the bitmaps drawn at the same time fit the budget.
    package static func outputRuns(_ items: [Item], pixels: (Item) -> Int, budget: Int) -> [[Item]] {
        var runs: [[Item]] = []
        var current: [Item] = []
        var total = 0
        for item in items {
            let size = pixels(item)
            if !current.isEmpty, total + size > budget {
                runs.append(current)
                current = []
                total = 0
            }
            current.append(item)
            total += size
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }
}
