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
    /// outside the image are empty); 0 for empty pixels.
    static func squaredDistanceToEmpty(_ solid: [Bool], width: Int, height: Int) -> [Float] {
        squaredDistance(solid, to: false, width: width, height: height, borderInSet: true)
    }

    /// For every pixel, the squared Euclidean distance to the nearest pixel of `set` (0 on it;
    /// 1e12 or more when `set` is empty). The image border plays no part.
    static func squaredDistance(to set: [Bool], width: Int, height: Int) -> [Float] {
        squaredDistance(set, to: true, width: width, height: height, borderInSet: false)
    }

    /// The exact squared Euclidean distance of every pixel to the nearest pixel whose `mask` is
    /// `target` (with `borderInSet`, the pixels just outside the image count as such), after
    /// Felzenszwalb and Huttenlocher: the distance within each column by two sweeps over the
    /// rows (contiguous and vectorised), then the lower envelope of parabolas along each row.
    /// Pixels with no such pixel anywhere get 1e12 or more.
    static func squaredDistance(_ mask: [Bool], to target: Bool, width: Int, height: Int, borderInSet: Bool) -> [Float] {
        let count = width * height
        guard count > 0 else { return [] }
        // Column distances in pixels; `none` (squared: 1e12) when the column has no target.
        let none: Float = 1e6
        var grid = [Float](repeating: 0, count: count)
        mask.withUnsafeBufferPointer { m in
            grid.withUnsafeMutableBufferPointer { g in
                let edge: Float = borderInSet ? 1 : none
                for x in 0..<width { g[x] = m[x] == target ? 0 : edge }
                for y in 1..<max(1, height) {
                    let row = y * width, above = row - width
                    for x in 0..<width { g[row + x] = m[row + x] == target ? 0 : g[above + x] + 1 }
                }
                if borderInSet {
                    let last = (height - 1) * width
                    for x in 0..<width { g[last + x] = min(g[last + x], 1) }
                }
                if height > 1 {
                    for y in stride(from: height - 2, through: 0, by: -1) {
                        let row = y * width, below = row + width
                        for x in 0..<width { g[row + x] = min(g[row + x], g[below + x] + 1) }
                    }
                }
                for i in 0..<count {
                    let d = g[i]
                    g[i] = d >= none ? 1e12 : d * d
                }
            }
        }
        // Along rows: the lower envelope of the parabolas. With `borderInSet`, the row gets a
        // site of distance 0 just beyond each end.
        let pad = borderInSet ? 1 : 0
        let n = width + 2 * pad
        let f = UnsafeMutablePointer<Float>.allocate(capacity: n)
        let d = UnsafeMutablePointer<Float>.allocate(capacity: n)
        let v = UnsafeMutablePointer<Int32>.allocate(capacity: n)
        let z = UnsafeMutablePointer<Float>.allocate(capacity: n + 1)
        defer { f.deallocate(); d.deallocate(); v.deallocate(); z.deallocate() }
        if borderInSet { f[0] = 0; f[n - 1] = 0 }
        grid.withUnsafeMutableBufferPointer { buffer in
            guard let g = buffer.baseAddress else { return }
            for y in 0..<height {
                let row = g + y * width
                var finite = borderInSet, others = false
                for x in 0..<width {
                    let value = row[x]
                    if value != 0 { others = true }
                    if value < 1e11 { finite = true }
                }
                guard others && finite else { continue }
                (f + pad).update(from: row, count: width)
                transform1D(f, count: n, into: d, v: v, z: z)
                row.update(from: d + pad, count: width)
            }
        }
        return grid
    }

    /// Felzenszwalb and Huttenlocher's lower envelope of parabolas over one line.
    @inline(__always)
    private static func transform1D(_ f: UnsafeMutablePointer<Float>, count n: Int, into d: UnsafeMutablePointer<Float>,
                                    v: UnsafeMutablePointer<Int32>, z: UnsafeMutablePointer<Float>) {
        // f[p] + p², the parabola's value at 0, kept in d until the envelope is done.
        for p in 0..<n { d[p] = f[p] + Float(p * p) }
        var k = 0
        v[0] = 0
        z[0] = -.infinity
        z[1] = .infinity
        var q = 1
        while q < n {
            let fq = d[q]
            var s: Float
            repeat {
                let p = Int(v[k])
                s = (fq - d[p]) / Float(2 * (q - p))
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
