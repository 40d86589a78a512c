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
/// use it, in `Float` with per-output weight spans computed once per call, so memory is one source
/// row plus the output, whatever the source's size. (A whole-image linear copy, 16 bytes a pixel,
/// and the horizontal pass's rows cost the benchmark's 1024 px master 35 MB of fresh pages for 13
/// icon sizes, more system time than decoding each row again for each size.)
///
/// The placement may be fractional and smaller than the box (a `contain` fit): output pixels the
/// placement covers only in part get that fraction of coverage, and the rest stays transparent.
/// Upscaling is not refused here (the pipeline does that); if asked, each output pixel simply
/// takes the source pixels under it.
enum AreaResampler {
    /// `source` drawn into a transparent `box` at `placement`, as straight RGBA8.
    static func resample(_ source: RasterImage, into box: PixelSize, placement: Placement) -> Bitmap {
        if let (dx, dy) = integerOffset(of: placement, for: source.size) {
            return copy(source.bitmap, into: box, at: dx, dy)
        }
        return resample(source.bitmap, into: box, placement: placement)
    }

    /// The area average, a source row at a time: each row is decoded to linear light, reduced
    /// horizontally and added to the output rows that use it.
    static func resample(_ bitmap: Bitmap, into box: PixelSize, placement p: Placement) -> Bitmap {
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
                    acc.withUnsafeMutableBufferPointer { acc in
                        line.withUnsafeMutableBufferPointer { line in
                            reduced.withUnsafeMutableBufferPointer { reduced in
                                for r in usedRows where !feeds[r - usedRows.lowerBound].isEmpty {
                                    let base = r * bitmap.width * 4
                                    for x in 0..<bitmap.width {
                                        let q = base + x * 4
                                        let a = Float(src[q + 3]) * (1 / 255)
                                        line[x] = SIMD4(table[Int(src[q])] * a, table[Int(src[q + 1])] * a,
                                                        table[Int(src[q + 2])] * a, a)
                                    }
                                    for i in 0..<outW {
                                        var sum = SIMD4<Float>.zero
                                        let start = starts[i], offset = offsets[i]
                                        for k in 0..<counts[i] { sum += weights[offset + k] * line[start + k] }
                                        reduced[i] = sum
                                    }
                                    for (y, w) in feeds[r - usedRows.lowerBound] {
                                        let row = y * outW
                                        for i in 0..<outW { acc[row + i] += w * reduced[i] }
                                    }
                                }
                            }
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
