import AssetCore
import AssetPlan

/// Resizes a raster by exact area averaging in linear light.
///
/// Each output pixel is the mean of the source it covers, with source pixels weighted by the
/// fraction of them that falls inside it (a box filter with fractional coverage, so 1024 → 87
/// is exact). The average is taken on linear-light, premultiplied values: sRGB is decoded first,
/// and colour is divided by alpha and re-encoded only at the end. A box filter never rings, so
/// the output stays within the range of the source. The work is separable: a horizontal pass
/// over every source row, then a vertical pass, both in `Float` with per-output weight spans
/// computed once per call. Measured in a release build on the 2-core bench machine: 1024 → 180
/// in about 2 ms once the source's linear form exists (about 2 ms more, once per source).
///
/// The placement may be fractional and smaller than the box (a `contain` fit): output pixels the
/// placement covers only in part get that fraction of coverage, and the rest stays transparent.
/// Upscaling is not refused here (the pipeline does that); if asked, each output pixel simply
/// takes the source pixels under it.
enum AreaResampler {
    /// `source` drawn into a transparent `box` at `placement`, as straight RGBA8.
    static func resample(_ source: RasterImage, into box: PixelSize, placement: Placement) -> Bitmap {
        let src = source.size
        if let (dx, dy) = integerOffset(of: placement, for: src) {
            return copy(source.bitmap, into: box, at: dx, dy)
        }
        if src.width * src.height > linearCopyLimit {
            return resampleStreaming(source.bitmap, into: box, placement: placement)
        }
        return resample(source.linearPixels, into: box, placement: placement)
    }

    /// Sources above this many pixels are never copied whole into linear floats (16 bytes a
    /// pixel: 256 MB at this limit); they are read a row at a time instead.
    static let linearCopyLimit = 4096 * 4096

    /// The same average as `resample(_: LinearImage, …)`, for a large source: each source row is
    /// decoded to linear light, reduced horizontally and added to the output rows that use it,
    /// so memory is one source row plus the output, whatever the source's size. The sums are
    /// taken in the same order, so the result is the same.
    static func resampleStreaming(_ bitmap: Bitmap, into box: PixelSize, placement p: Placement) -> Bitmap {
        let outW = box.width, outH = box.height
        var out = [UInt8](repeating: 0, count: outW * outH * 4)
        let columns = AxisWeights(source: bitmap.width, output: outW, origin: p.x, extent: p.width)
        let rows = AxisWeights(source: bitmap.height, output: outH, origin: p.y, extent: p.height)
        guard let usedRows = rows.sourceRange, columns.sourceRange != nil else {
            return Bitmap(width: outW, height: outH, pixels: out)
        }
        // For each source row, the output rows it feeds and with what weight, in output order.
        var feeds = [[(row: Int, weight: Float)]](repeating: [], count: usedRows.count)
        rows.withSpans { starts, counts, offsets, weights in
            for y in 0..<outH {
                for k in 0..<counts[y] { feeds[starts[y] + k - usedRows.lowerBound].append((y, weights[offsets[y] + k])) }
            }
        }
        var acc = [SIMD4<Float>](repeating: .zero, count: outW * outH)
        var line = [SIMD4<Float>](repeating: .zero, count: bitmap.width)
        var reduced = [SIMD4<Float>](repeating: .zero, count: outW)
        SRGB.decodeTable.withUnsafeBufferPointer { table in
            bitmap.pixels.withUnsafeBufferPointer { src in
                columns.withSpans { starts, counts, offsets, weights in
                    for r in usedRows where !feeds[r - usedRows.lowerBound].isEmpty {
                        let base = r * bitmap.width * 4
                        for x in 0..<bitmap.width {
                            let q = base + x * 4
                            let a = Float(src[q + 3]) * (1 / 255)
                            line[x] = SIMD4(table[Int(src[q])] * a, table[Int(src[q + 1])] * a, table[Int(src[q + 2])] * a, a)
                        }
                        for i in 0..<outW {
                            var sum = SIMD4<Float>.zero
                            for k in 0..<counts[i] { sum += weights[offsets[i] + k] * line[starts[i] + k] }
                            reduced[i] = sum
                        }
                        for (y, w) in feeds[r - usedRows.lowerBound] {
                            for i in 0..<outW { acc[y * outW + i] += w * reduced[i] }
                        }
                    }
                }
            }
        }
        out.withUnsafeMutableBufferPointer { o in
            guard let base = o.baseAddress else { return }
            SRGBEncoder.with { encoder in
                for i in 0..<(outW * outH) { encodePixel(acc[i], to: base + i * 4, encoder) }
            }
        }
        return Bitmap(width: outW, height: outH, pixels: out)
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

    /// The general case: separable area average of linear premultiplied pixels, then encode.
    static func resample(_ image: LinearImage, into box: PixelSize, placement p: Placement) -> Bitmap {
        let outW = box.width, outH = box.height
        var out = [UInt8](repeating: 0, count: outW * outH * 4)
        let columns = AxisWeights(source: image.width, output: outW, origin: p.x, extent: p.width)
        let rows = AxisWeights(source: image.height, output: outH, origin: p.y, extent: p.height)
        guard let usedRows = rows.sourceRange, columns.sourceRange != nil else {
            return Bitmap(width: outW, height: outH, pixels: out)
        }
        let firstRow = usedRows.lowerBound
        let rowCount = usedRows.count

        // Horizontal pass: every source row that some output row uses, reduced to outW columns.
        var middle = [SIMD4<Float>](repeating: .zero, count: rowCount * outW)
        image.pixels.withUnsafeBufferPointer { srcPixels in
            middle.withUnsafeMutableBufferPointer { mid in
                columns.withSpans { starts, counts, offsets, weights in
                    guard let source = srcPixels.baseAddress, let target = mid.baseAddress,
                          let weightBase = weights.baseAddress else { return }
                    for r in 0..<rowCount {
                        let srcRow = source + (firstRow + r) * image.width
                        let midRow = target + r * outW
                        for i in 0..<outW {
                            let n = counts[i]
                            if n == 0 { continue }
                            var acc = SIMD4<Float>.zero
                            let s = srcRow + starts[i]
                            let w = weightBase + offsets[i]
                            for k in 0..<n { acc += w[k] * s[k] }
                            midRow[i] = acc
                        }
                    }
                }
            }
        }

        // Vertical pass, one output row at a time, then unpremultiply and sRGB-encode.
        var acc = [SIMD4<Float>](repeating: .zero, count: outW)
        middle.withUnsafeBufferPointer { mid in
            acc.withUnsafeMutableBufferPointer { acc in
                out.withUnsafeMutableBufferPointer { o in
                    rows.withSpans { starts, counts, offsets, weights in
                        guard let middleBase = mid.baseAddress, let outBase = o.baseAddress else { return }
                        SRGBEncoder.with { encoder in
                            for y in 0..<outH {
                                let n = counts[y]
                                if n == 0 { continue }
                                for i in 0..<outW { acc[i] = .zero }
                                for k in 0..<n {
                                    let w = weights[offsets[y] + k]
                                    let m = middleBase + (starts[y] + k - firstRow) * outW
                                    for i in 0..<outW { acc[i] += w * m[i] }
                                }
                                let line = outBase + y * outW * 4
                                for i in 0..<outW {
                                    encodePixel(acc[i], to: line + i * 4, encoder)
                                }
                            }
                        }
                    }
                }
            }
        }
        return Bitmap(width: outW, height: outH, pixels: out)
    }

    /// Linear premultiplied → straight sRGB RGBA8. Fully transparent pixels become 0, 0, 0, 0.
    @inline(__always)
    private static func encodePixel(_ v: SIMD4<Float>, to p: UnsafeMutablePointer<UInt8>,
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
