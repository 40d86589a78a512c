import AssetCore
import AssetPlan

/// Resizes a raster by exact area averaging in linear light.
///
/// Each output pixel is the mean of the source it covers, with source pixels weighted by the
/// fraction of them that falls inside it (a box filter with fractional coverage, so 1024 → 87
/// is exact). The average is taken on linear-light, premultiplied values: sRGB is decoded first,
/// and colour is divided by alpha and re-encoded only at the end. A box filter never rings, so
/// the output stays within the range of the source. The work is separable and streamed: each
/// source row is decoded to linear light, reduced horizontally and added to the output rows that
/// use it, in `Float` with per-output weight spans computed once per call; an output row is
/// encoded once its last source row is in, so memory is one source row, the few output rows still
/// open and the output, whatever the source's size. (A whole-image linear copy, 16 bytes a pixel,
/// and the horizontal pass's rows cost the benchmark's 1024 px master 35 MB of fresh pages for 13
/// icon sizes, more system time than decoding each row again for each size.)
///
/// The placement may be fractional and smaller than the box (a `contain` fit): output pixels the
/// placement covers only in part get that fraction of coverage, and the rest stays transparent.
/// Upscaling is not refused here (the pipeline does that); if asked, each output pixel simply
/// takes the source pixels under it.
package enum AreaResampler {
    /// One output: a transparent `box` with the source drawn at `placement`.
    package struct Target: Hashable, Sendable {
        package var box: PixelSize
        package var placement: Placement

        package init(box: PixelSize, placement: Placement) {
            self.box = box
            self.placement = placement
        }
    }

    /// `source` drawn into a transparent `box` at `placement`, as straight RGBA8.
    static func resample(_ source: RasterImage, into box: PixelSize, placement: Placement) -> Bitmap {
        if let (dx, dy) = integerOffset(of: placement, for: source.size) {
            return copy(source.bitmap, into: box, at: dx, dy)
        }
        return resample(source.bitmap, into: [Target(box: box, placement: placement)])[0]
    }

    /// True when `target` is a plain copy of a source of `size` (nothing to average).
    static func isCopy(_ target: Target, of size: PixelSize) -> Bool {
        integerOffset(of: target.placement, for: size) != nil
    }

    /// The area averages for every target in one pass over the source's rows: each row is
    /// decoded to linear light once, then reduced horizontally for each target and added to the
    /// output rows that use it. Memory is one source row plus the outputs, whatever the source's
    /// size; each output's sums are taken in the same order as alone, so the pixels do not depend
    /// on the company.
    static func resample(_ bitmap: Bitmap, into targets: [Target]) -> [Bitmap] {
        let passes = targets.map { TargetPass(source: bitmap.size, target: $0) }
        let active = passes.filter { $0.usedRows != nil }
        guard let first = active.compactMap(\.usedRows?.lowerBound).min(),
              let last = active.compactMap(\.usedRows?.upperBound).max() else { return passes.map { $0.finish() } }
        var line = [SIMD4<Float>](repeating: .zero, count: bitmap.width)
        SRGB.decodeTable.withUnsafeBufferPointer { table in
            bitmap.pixels.withUnsafeBufferPointer { src in
                line.withUnsafeMutableBufferPointer { line in
                    for r in first..<last where active.contains(where: { $0.isFed(by: r) }) {
                        let base = r * bitmap.width * 4
                        for x in 0..<bitmap.width {
                            let q = base + x * 4
                            let a = Float(src[q + 3]) * (1 / 255)
                            line[x] = SIMD4(table[Int(src[q])] * a, table[Int(src[q + 1])] * a, table[Int(src[q + 2])] * a, a)
                        }
                        for pass in active where pass.isFed(by: r) { pass.add(UnsafeBufferPointer(line), row: r) }
                    }
                }
            }
        }
        return passes.map { $0.finish() }
    }

    /// The whole-pixel offset when `placement` shows the source at 100 % on the pixel grid.
    private static func integerOffset(of p: Placement, for size: PixelSize) -> (Int, Int)? {
        guard p.width == Double(size.width), p.height == Double(size.height),
              p.x == p.x.rounded(), p.y == p.y.rounded(),
              abs(p.x) < 1e9, abs(p.y) < 1e9 else { return nil }
        return (Int(p.x), Int(p.y))
    }

    /// A pixel-exact copy at a whole-pixel offset; what falls outside the box is dropped.
    private static func copy(_ bitmap: Bitmap, into box: PixelSize, at dx: Int, _ dy: Int) -> Bitmap {
        if dx == 0 && dy == 0 && bitmap.size == box { return bitmap }
        var out = [UInt8](repeating: 0, count: box.width * box.height * 4)
        let x0 = max(0, dx), x1 = min(box.width, dx + bitmap.width)
        let y0 = max(0, dy), y1 = min(box.height, dy + bitmap.height)
        if x0 < x1 && y0 < y1 {
            out.withUnsafeMutableBufferPointer { o in
                bitmap.pixels.withUnsafeBufferPointer { s in
                    guard let source = s.baseAddress, let target = o.baseAddress else { return }
                    let bytes = (x1 - x0) * 4
                    for y in y0..<y1 {
                        let from = source + ((y - dy) * bitmap.width + (x0 - dx)) * 4
                        let to = target + (y * box.width + x0) * 4
                        to.update(from: from, count: bytes)
                    }
                }
            }
        }
        return Bitmap(width: box.width, height: box.height, pixels: out)
    }

    /// Linear premultiplied → straight sRGB RGBA8. Fully transparent pixels become 0, 0, 0, 0.
    @inline(__always)
    fileprivate static func encodePixel(_ v: SIMD4<Float>, to p: UnsafeMutablePointer<UInt8>,
                                    _ encoder: SRGBEncoder) {
        let alpha = min(max(v.w, 0), 1)
        let a8 = UInt8(truncatingIfNeeded: Int(alpha * 255 + 0.5))
        guard a8 > 0 else {
            p[0] = 0; p[1] = 0; p[2] = 0; p[3] = 0
            return
        }
        let inverse = 1 / alpha
        p[0] = encoder.encode(v.x * inverse)
        p[1] = encoder.encode(v.y * inverse)
        p[2] = encoder.encode(v.z * inverse)
        p[3] = a8
    }
}

/// One target of `AreaResampler.resample(_:into:)`: its weights, the output rows each source row
/// feeds, and the sums in linear light of the output rows still being added to. An output row is
/// encoded into the output as soon as its last source row has been added, so the sums held at once
/// are a few rows (two for a reduction), not the whole output.
private final class TargetPass {
    let box: PixelSize
    let columns: AxisWeights
    let usedRows: Range<Int>?
    /// For each used source row, the output rows it feeds and with what weight, in output order.
    private var feeds: [[(row: Int, weight: Float)]] = []
    /// For each used source row, the output rows it is the last to feed (finished after it).
    private var finishes: [[Int]] = []
    /// The sums of the open output rows: output row `y` at `(y % openRows) * box.width`.
    private var acc: [SIMD4<Float>] = []
    private var openRows = 1
    private var reduced: [SIMD4<Float>]
    /// Straight sRGB RGBA8, filled in row by row (transparent where nothing is drawn).
    private var out: [UInt8]

    init(source: PixelSize, target: AreaResampler.Target) {
        box = target.box
        let p = target.placement
        columns = AxisWeights(source: source.width, output: box.width, origin: p.x, extent: p.width)
        let rows = AxisWeights(source: source.height, output: box.height, origin: p.y, extent: p.height)
        usedRows = columns.sourceRange == nil ? nil : rows.sourceRange
        reduced = [SIMD4<Float>](repeating: .zero, count: box.width)
        out = [UInt8](repeating: 0, count: box.width * box.height * 4)
        guard let usedRows else { return }
        feeds = [[(row: Int, weight: Float)]](repeating: [], count: usedRows.count)
        finishes = [[Int]](repeating: [], count: usedRows.count)
        // Output rows open at each source row: +1 where a row's span starts, -1 after it ends.
        var opening = [Int](repeating: 0, count: usedRows.count + 1)
        rows.withSpans { starts, counts, offsets, weights in
            for y in 0..<box.height where counts[y] > 0 {
                for k in 0..<counts[y] { feeds[starts[y] + k - usedRows.lowerBound].append((y, weights[offsets[y] + k])) }
                let first = starts[y] - usedRows.lowerBound, last = first + counts[y] - 1
                finishes[last].append(y)
                opening[first] += 1
                opening[last + 1] -= 1
            }
        }
        var open = 0
        for change in opening {
            open += change
            openRows = max(openRows, open)
        }
        acc = [SIMD4<Float>](repeating: .zero, count: box.width * openRows)
    }

    func isFed(by row: Int) -> Bool {
        guard let usedRows, usedRows.contains(row) else { return false }
        return !feeds[row - usedRows.lowerBound].isEmpty
    }

    /// Source row `row`, decoded to linear light (`line`), reduced and added to its output rows;
    /// the rows it finishes are encoded into the output.
    func add(_ line: UnsafeBufferPointer<SIMD4<Float>>, row: Int) {
        guard let usedRows else { return }
        let outW = box.width, openRows = openRows
        columns.withSpans { starts, counts, offsets, weights in
            reduced.withUnsafeMutableBufferPointer { reduced in
                acc.withUnsafeMutableBufferPointer { acc in
                    TargetPass.reduce(line, starts: starts, counts: counts, offsets: offsets, weights: weights, into: reduced)
                    for (y, w) in feeds[row - usedRows.lowerBound] {
                        let base = (y % openRows) * outW
                        for i in 0..<outW { acc[base + i] += w * reduced[i] }
                    }
                    guard !finishes[row - usedRows.lowerBound].isEmpty else { return }
                    out.withUnsafeMutableBufferPointer { o in
                        guard let pixels = o.baseAddress else { return }
                        SRGBEncoder.with { encoder in
                            for y in finishes[row - usedRows.lowerBound] {
                                let base = (y % openRows) * outW
                                for i in 0..<outW {
                                    AreaResampler.encodePixel(acc[base + i], to: pixels + (y * outW + i) * 4, encoder)
                                    acc[base + i] = .zero
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Each output pixel's weighted sum of `line` over its span. Four output pixels are summed
    /// side by side (four independent additions in flight rather than one chain), each over its
    /// own span in the same order as alone, so the sums are bit for bit those of one at a time.
    private static func reduce(_ line: UnsafeBufferPointer<SIMD4<Float>>, starts: UnsafeBufferPointer<Int>,
                               counts: UnsafeBufferPointer<Int>, offsets: UnsafeBufferPointer<Int>,
                               weights: UnsafeBufferPointer<Float>, into reduced: UnsafeMutableBufferPointer<SIMD4<Float>>) {
        guard let l = line.baseAddress, let w = weights.baseAddress else {
            for i in reduced.indices { reduced[i] = .zero }
            return
        }
        let outW = reduced.count
        var i = 0
        while i + 4 <= outW {
            let l0 = l + starts[i], l1 = l + starts[i + 1], l2 = l + starts[i + 2], l3 = l + starts[i + 3]
            let w0 = w + offsets[i], w1 = w + offsets[i + 1], w2 = w + offsets[i + 2], w3 = w + offsets[i + 3]
            let c0 = counts[i], c1 = counts[i + 1], c2 = counts[i + 2], c3 = counts[i + 3]
            var s0 = SIMD4<Float>.zero, s1 = SIMD4<Float>.zero, s2 = SIMD4<Float>.zero, s3 = SIMD4<Float>.zero
            let common = min(min(c0, c1), min(c2, c3))
            for k in 0..<common {
                s0 += w0[k] * l0[k]
                s1 += w1[k] * l1[k]
                s2 += w2[k] * l2[k]
                s3 += w3[k] * l3[k]
            }
            for k in common..<c0 { s0 += w0[k] * l0[k] }
            for k in common..<c1 { s1 += w1[k] * l1[k] }
            for k in common..<c2 { s2 += w2[k] * l2[k] }
            for k in common..<c3 { s3 += w3[k] * l3[k] }
            reduced[i] = s0
            reduced[i + 1] = s1
            reduced[i + 2] = s2
            reduced[i + 3] = s3
            i += 4
        }
        while i < outW {
            var sum = SIMD4<Float>.zero
            let li = l + starts[i], wi = w + offsets[i]
            for k in 0..<counts[i] { sum += wi[k] * li[k] }
            reduced[i] = sum
            i += 1
        }
    }

    /// The output: unpremultiplied and sRGB-encoded (transparent where nothing was drawn).
    func finish() -> Bitmap {
        Bitmap(width: box.width, height: box.height, pixels: out)
    }
}
