/// Box-filter weights along one axis: for each output pixel, the run of source pixels it covers
/// and how much of each (in output-pixel units, so a fully covered output pixel's weights sum to 1).
struct AxisWeights {
    /// First source index used by each output pixel.
    private(set) var starts: [Int]
    /// How many source pixels each output pixel uses (0 outside the placement).
    private(set) var counts: [Int]
    /// Where each output pixel's weights begin in `weights`.
    private(set) var offsets: [Int]
    private(set) var weights: [Float]

    /// `source` pixels stretched over `[origin, origin + extent)` of an axis `output` pixels long.
    init(source: Int, output: Int, origin: Double, extent: Double) {
        starts = [Int](repeating: 0, count: output)
        counts = [Int](repeating: 0, count: output)
        offsets = [Int](repeating: 0, count: output)
        weights = []
        guard source > 0, extent > 0, extent.isFinite, origin.isFinite else { return }
        let toSource = Double(source) / extent
        let toOutput = extent / Double(source)
        weights.reserveCapacity(source + output)
        for i in 0..<output {
            let a = max(0, (Double(i) - origin) * toSource)
            let b = min(Double(source), (Double(i) + 1 - origin) * toSource)
            offsets[i] = weights.count
            guard b > a else { continue }
            let first = Int(a.rounded(.down))
            let end = min(source, Int(b.rounded(.up)))
            var n = 0
            for j in first..<end {
                let covered = min(b, Double(j + 1)) - max(a, Double(j))
                if covered <= 0 { continue }
                if n == 0 { starts[i] = j }
                // A source pixel skipped in the middle cannot happen: coverage is contiguous.
                weights.append(Float(covered * toOutput))
                n += 1
            }
            counts[i] = n
        }
    }

    /// The source indices some output pixel uses, or nil when none is.
    var sourceRange: Range<Int>? {
        var low = Int.max, high = Int.min
        for i in counts.indices where counts[i] > 0 {
            low = min(low, starts[i])
            high = max(high, starts[i] + counts[i])
        }
        return low < high ? low..<high : nil
    }

    func withSpans<R>(_ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>,
                               UnsafeBufferPointer<Float>) throws -> R) rethrows -> R {
        try starts.withUnsafeBufferPointer { s in
            try counts.withUnsafeBufferPointer { c in
                try offsets.withUnsafeBufferPointer { o in
                    try weights.withUnsafeBufferPointer { w in try body(s, c, o, w) }
                }
            }
        }
    }
}
