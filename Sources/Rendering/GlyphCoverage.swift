import AssetCore
import AssetPlan

/// How much of each pixel a glyph covers, 0…1, measured from a drawing.
///
/// Normally that is the alpha. When the drawing has a flat backdrop (every pixel along the
/// inside of the placed artwork's edge opaque and of one colour, a background the designer
/// forgot to remove) the backdrop is keyed out: coverage grows with the colour distance from it,
/// reaching 1 at half the distance of the typical foreground pixel.
struct GlyphCoverage {
    var values: [Float]
    let width: Int
    let height: Int
    /// The backdrop colour that was keyed out, if any.
    let backdrop: RGBAColor?

    init(_ bitmap: Bitmap, region: Placement) {
        width = bitmap.width
        height = bitmap.height
        let backdrop = Self.backdrop(of: bitmap, region: region)
        self.backdrop = backdrop
        var values = [Float](repeating: 0, count: width * height)
        bitmap.pixels.withUnsafeBufferPointer { p in
            guard let bg = backdrop else {
                values.withUnsafeMutableBufferPointer { v in
                    for i in 0..<v.count { v[i] = Float(p[i * 4 + 3]) / 255 }
                }
                return
            }
            var distances = [Float](repeating: 0, count: values.count)
            let br = Float(bg.red), bgG = Float(bg.green), bb = Float(bg.blue)
            for i in 0..<values.count {
                let o = i * 4
                let dr = Float(p[o]) - br, dg = Float(p[o + 1]) - bgG, db = Float(p[o + 2]) - bb
                distances[i] = (dr * dr + dg * dg + db * db).squareRoot() / (255 * Float(3).squareRoot())
            }
            let strong = distances.filter { $0 > 0.08 }.sorted()
            let reference = strong.isEmpty ? 1 : strong[min(strong.count - 1, strong.count * 95 / 100)]
            let threshold = max(Float(0.08), reference / 2)
            for i in 0..<values.count {
                values[i] = min(1, distances[i] / threshold) * Float(p[i * 4 + 3]) / 255
            }
        }
        self.values = values
    }

    /// The flat backdrop colour of `bitmap` inside `region`, or nil.
    static func backdrop(of bitmap: Bitmap, region: Placement) -> RGBAColor? {
        let x0 = max(0, Int(region.x.rounded(.up)) + 1), y0 = max(0, Int(region.y.rounded(.up)) + 1)
        let x1 = min(bitmap.width - 1, Int((region.x + region.width).rounded(.down)) - 2)
        let y1 = min(bitmap.height - 1, Int((region.y + region.height).rounded(.down)) - 2)
        guard x1 - x0 >= 4, y1 - y0 >= 4 else { return nil }
        var border: [RGBAColor] = []
        for x in x0...x1 { border.append(bitmap.pixel(x: x, y: y0)); border.append(bitmap.pixel(x: x, y: y1)) }
        for y in y0...y1 { border.append(bitmap.pixel(x: x0, y: y)); border.append(bitmap.pixel(x: x1, y: y)) }
        let first = border[0]
        for c in border {
            guard c.alpha >= 250, abs(Int(c.red) - Int(first.red)) <= 12, abs(Int(c.green) - Int(first.green)) <= 12,
                  abs(Int(c.blue) - Int(first.blue)) <= 12 else { return nil }
        }
        return RGBAColor(red: first.red, green: first.green, blue: first.blue)
    }

    /// The largest coverage in each column and each row.
    func profiles() -> (columns: [Float], rows: [Float]) {
        var columns = [Float](repeating: 0, count: width), rows = [Float](repeating: 0, count: height)
        values.withUnsafeBufferPointer { v in
            for y in 0..<height {
                for x in 0..<width {
                    let c = v[y * width + x]
                    if c > columns[x] { columns[x] = c }
                    if c > rows[y] { rows[y] = c }
                }
            }
        }
        return (columns, rows)
    }

    /// Total coverage in column `x` and row `y`.
    func columnMass(_ x: Int) -> Float {
        var sum: Float = 0
        for y in 0..<height { sum += values[y * width + x] }
        return sum
    }

    func rowMass(_ y: Int) -> Float {
        var sum: Float = 0
        for x in 0..<width { sum += values[y * width + x] }
        return sum
    }
}
