import AssetCore

/// Shape operations on supersampled glyph coverage (row-major, 0…1), and the final average down
/// to the output size. A pixel counts as inside the glyph when its coverage is at least 0.5.
/// The derived tab forms are in `GlyphMorphology+Forms.swift`.
enum GlyphMorphology {
    /// A back indicator's transition mask: in each row, from the glyph's leftmost pixel to the
    /// right edge of the image; rows above and below the glyph from its right edge on.
    static func transitionMask(_ values: inout [Float], width: Int, height: Int) {
        var right = -1
        var starts = [Int?](repeating: nil, count: height)
        for y in 0..<height {
            for x in 0..<width where values[y * width + x] >= 0.5 {
                if starts[y] == nil { starts[y] = x }
                right = max(right, x)
            }
        }
        guard right >= 0 else { return }
        for y in 0..<height {
            let start = starts[y] ?? right
            for x in start..<width { values[y * width + x] = 1 }
        }
    }

    /// Black pixels with the `factor` × `factor` block average of the coverage as alpha.
    static func downsample(_ values: [Float], width: Int, height: Int, factor s: Int) -> Bitmap {
        let w = width / s, h = height / s
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        let area = Float(s * s)
        values.withUnsafeBufferPointer { v in
            for oy in 0..<h {
                for ox in 0..<w {
                    var sum: Float = 0
                    for y in (oy * s)..<(oy * s + s) {
                        let row = y * width
                        for x in (ox * s)..<(ox * s + s) { sum += v[row + x] }
                    }
                    pixels[(oy * w + ox) * 4 + 3] = UInt8(min(255, (sum / area * 255).rounded()))
                }
            }
        }
        return Bitmap(width: w, height: h, pixels: pixels)
    }

    /// For each solid pixel, the squared Euclidean distance to the nearest empty pixel (pixels
    /// outside the image are empty); 0 for empty pixels. Felzenszwalb and Huttenlocher's
    /// separable transform.
    static func squaredDistanceToEmpty(_ solid: [Bool], width: Int, height: Int) -> [Float] {
        let big: Float = 1e12
        // Pad by one empty pixel on each side so the image border counts as empty.
        let pw = width + 2, ph = height + 2
        var grid = [Float](repeating: 0, count: pw * ph)
        for y in 0..<height {
            for x in 0..<width where solid[y * width + x] { grid[(y + 1) * pw + x + 1] = big }
        }
        distanceTransform(&grid, width: pw, height: ph)
        var out = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { out[y * width + x] = grid[(y + 1) * pw + x + 1] }
        }
        return out
    }

    /// In place: `grid` holds 0 (the set) or a large value; it becomes each pixel's squared
    /// Euclidean distance to the set. Columns, then rows; a column that is all set or all unset
    /// is left as it is.
    static func distanceTransform(_ grid: inout [Float], width: Int, height: Int) {
        let n = max(width, height)
        let f = UnsafeMutablePointer<Float>.allocate(capacity: n)
        let d = UnsafeMutablePointer<Float>.allocate(capacity: n)
        let v = UnsafeMutablePointer<Int32>.allocate(capacity: n)
        let z = UnsafeMutablePointer<Float>.allocate(capacity: n + 1)
        defer { f.deallocate(); d.deallocate(); v.deallocate(); z.deallocate() }
        grid.withUnsafeMutableBufferPointer { buffer in
            guard let g = buffer.baseAddress else { return }
            for x in 0..<width {
                var zeros = false, others = false
                for y in 0..<height {
                    let value = g[y * width + x]
                    f[y] = value
                    if value == 0 { zeros = true } else { others = true }
                }
                guard zeros && others else { continue }
                transform1D(f, count: height, into: d, v: v, z: z)
                for y in 0..<height { g[y * width + x] = d[y] }
            }
            for y in 0..<height {
                let row = g + y * width
                var finite = false, others = false
                for x in 0..<width {
                    if row[x] != 0 { others = true }
                    if row[x] < 1e11 { finite = true }
                }
                guard others && finite else { continue }
                f.update(from: row, count: width)
                transform1D(f, count: width, into: d, v: v, z: z)
                row.update(from: d, count: width)
            }
        }
    }

    /// Felzenszwalb and Huttenlocher's lower envelope of parabolas over one line.
    @inline(__always)
    private static func transform1D(_ f: UnsafeMutablePointer<Float>, count n: Int, into d: UnsafeMutablePointer<Float>,
                                    v: UnsafeMutablePointer<Int32>, z: UnsafeMutablePointer<Float>) {
        var k = 0
        v[0] = 0
        z[0] = -.infinity
        z[1] = .infinity
        var q = 1
        while q < n {
            let fq = f[q] + Float(q * q)
            var s: Float
            repeat {
                let p = Int(v[k])
                s = (fq - (f[p] + Float(p * p))) / Float(2 * q - 2 * p)
                if s <= z[k] { k -= 1 } else { break }
            } while k >= 0
            k += 1
            v[k] = Int32(q)
            z[k] = s
            z[k + 1] = .infinity
            q += 1
        }
        k = 0
        for q in 0..<n {
            while z[k + 1] < Float(q) { k += 1 }
            let p = Int(v[k])
            let dq = Float(q - p)
            d[q] = dq * dq + f[p]
        }
    }
}
