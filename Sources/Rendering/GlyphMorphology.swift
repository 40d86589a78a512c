import AssetCore

/// Shape operations on supersampled glyph coverage (row-major, 0…1), and the final average down
/// to the output size. A pixel counts as inside the glyph when its coverage is at least 0.5.
enum GlyphMorphology {
    /// Makes solid every region the glyph encloses: a flood fill of the empty pixels from the
    /// image border, through gaps wider than `2 * closing` pixels; what it cannot reach becomes
    /// solid. Gaps open to the outside (a door in a house, a cut between strokes) stay open.
    static func fillEnclosed(_ values: inout [Float], width: Int, height: Int, closing: Int) {
        let count = width * height
        var solid = [Bool](repeating: false, count: count)
        for i in 0..<count { solid[i] = values[i] >= 0.5 }
        let barrier = dilate(solid, width: width, height: height, radius: closing)
        var reached = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        func seed(_ i: Int) {
            if !barrier[i] && !reached[i] { reached[i] = true; stack.append(i) }
        }
        for x in 0..<width { seed(x); seed((height - 1) * width + x) }
        for y in 0..<height { seed(y * width); seed(y * width + width - 1) }
        while let i = stack.popLast() {
            let x = i % width, y = i / width
            if x > 0 { seed(i - 1) }
            if x < width - 1 { seed(i + 1) }
            if y > 0 { seed(i - width) }
            if y < height - 1 { seed(i + width) }
        }
        // Undo the closing on the outside: what lies within `closing` of the reached region is outside too.
        let outside = dilate(reached, width: width, height: height, radius: closing)
        for i in 0..<count where !outside[i] { values[i] = 1 }
    }

    /// Keeps only an inner stroke `strokeWidth` pixels wide along every edge of the glyph
    /// (outer edges and the edges of holes): the glyph minus its erosion by `strokeWidth`.
    static func innerStroke(_ values: inout [Float], width: Int, height: Int, strokeWidth: Double) {
        let count = width * height
        var solid = [Bool](repeating: false, count: count)
        for i in 0..<count { solid[i] = values[i] >= 0.5 }
        let distance = squaredDistanceToEmpty(solid, width: width, height: height)
        let limit = Float(strokeWidth * strokeWidth)
        for i in 0..<count where distance[i] > limit { values[i] = 0 }
    }

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

    /// `mask` grown by `radius` pixels (a disc, `dx² + dy² ≤ radius²`). Works on horizontal runs:
    /// the discs of a run of set pixels `a…b` cover exactly `a - w … b + w` on each row of offset
    /// `dy`, where `w` is the disc's half-width there.
    static func dilate(_ mask: [Bool], width: Int, height: Int, radius: Int) -> [Bool] {
        guard radius > 0 else { return mask }
        var out = mask
        let r2 = radius * radius
        let halfWidths = (0...radius).map { dy in Int(Double(r2 - dy * dy).squareRoot().rounded(.down)) }
        mask.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<height {
                    var x = 0
                    while x < width {
                        guard source[y * width + x] else {
                            x += 1
                            continue
                        }
                        let start = x
                        while x < width && source[y * width + x] { x += 1 }
                        let end = x - 1
                        for dy in -radius...radius {
                            let yy = y + dy
                            guard yy >= 0, yy < height else { continue }
                            let half = halfWidths[abs(dy)]
                            let row = yy * width
                            for xx in max(0, start - half)...min(width - 1, end + half) { target[row + xx] = true }
                        }
                    }
                }
            }
        }
        return out
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
        var line = [Float](repeating: 0, count: max(pw, ph))
        var result = [Float](repeating: 0, count: max(pw, ph))
        for x in 0..<pw {
            for y in 0..<ph { line[y] = grid[y * pw + x] }
            transform1D(line, count: ph, into: &result)
            for y in 0..<ph { grid[y * pw + x] = result[y] }
        }
        for y in 0..<ph {
            for x in 0..<pw { line[x] = grid[y * pw + x] }
            transform1D(line, count: pw, into: &result)
            for x in 0..<pw { grid[y * pw + x] = result[x] }
        }
        var out = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { out[y * width + x] = grid[(y + 1) * pw + x + 1] }
        }
        return out
    }

    static func transform1D(_ f: [Float], count n: Int, into d: inout [Float]) {
        var v = [Int](repeating: 0, count: n)
        var z = [Float](repeating: 0, count: n + 1)
        var k = 0
        z[0] = -.infinity
        z[1] = .infinity
        for q in 1..<n {
            var s: Float
            repeat {
                let p = v[k]
                s = ((f[q] + Float(q * q)) - (f[p] + Float(p * p))) / Float(2 * q - 2 * p)
                if s <= z[k] { k -= 1 } else { break }
            } while k >= 0
            k += 1
            v[k] = q
            z[k] = s
            z[k + 1] = .infinity
        }
        k = 0
        for q in 0..<n {
            while z[k + 1] < Float(q) { k += 1 }
            let dq = Float(q - v[k])
            d[q] = dq * dq + f[v[k]]
        }
    }
}
