import AssetCore
import AssetPlan
import Foundation

/// A macOS app icon on Apple's grid: the artwork is drawn (flattened on the job's background)
/// into the grid's square, cut to its rounded corners (coverage measured on a 4 × 4 subpixel
/// grid), and laid over a soft shadow of the same shape (three box blurs, close to a Gaussian) on
/// a transparent canvas.
enum MacIconRenderer {
    static func render(_ job: RenderJob, _ grid: MacIconGrid, from source: LoadedSource) throws(RenderError) -> Bitmap {
        let side = job.pixelSize.width
        let body = grid.body(side: side)
        var inner = job
        inner.pixelSize = PixelSize(width: body.side, height: body.side)
        inner.effect = .none
        let artwork = try Renderer.render(inner, from: source)

        // Coverage of the rounded square, in canvas pixels.
        let radius = Double(body.side) * grid.cornerRadius
        var coverage = [Float](repeating: 0, count: side * side)
        let lo = Double(body.origin), hi = Double(body.origin + body.side)
        for y in 0..<side {
            for x in 0..<side {
                var inside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let px = Double(x) + (Double(sx) + 0.5) / 4, py = Double(y) + (Double(sy) + 0.5) / 4
                        if Self.inRoundedSquare(px, py, lo: lo, hi: hi, radius: radius) { inside += 1 }
                    }
                }
                coverage[y * side + x] = Float(inside) / 16
            }
        }

        // The shadow: the same shape, moved down and blurred.
        let offset = Int((Double(side) * grid.shadowOffset).rounded())
        var shadow = [Float](repeating: 0, count: side * side)
        for y in 0..<side where y - offset >= 0 {
            for x in 0..<side { shadow[y * side + x] = coverage[(y - offset) * side + x] }
        }
        let blur = Int((Double(side) * grid.shadowBlur / 2).rounded())
        if blur > 0 { for _ in 0..<3 { Self.boxBlur(&shadow, side: side, radius: blur) } }

        var pixels = [UInt8](repeating: 0, count: side * side * 4)
        let opacity = Float(grid.shadowOpacity)
        for y in 0..<side {
            for x in 0..<side {
                let i = y * side + x
                let bodyAlpha = coverage[i]
                var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                if bodyAlpha > 0 {
                    let ax = min(max(x - body.origin, 0), body.side - 1), ay = min(max(y - body.origin, 0), body.side - 1)
                    let colour = artwork.pixel(x: ax, y: ay)
                    let artAlpha = Float(colour.alpha) / 255 * bodyAlpha
                    r = Float(colour.red) * artAlpha; g = Float(colour.green) * artAlpha; b = Float(colour.blue) * artAlpha
                    a = artAlpha
                }
                // The shadow (black) behind the body: OVER in premultiplied form.
                let shadowAlpha = shadow[i] * opacity * (1 - a)
                a += shadowAlpha
                let o = i * 4
                if a > 0 {
                    pixels[o] = UInt8(min(255, (r / a).rounded()))
                    pixels[o + 1] = UInt8(min(255, (g / a).rounded()))
                    pixels[o + 2] = UInt8(min(255, (b / a).rounded()))
                    pixels[o + 3] = UInt8(min(255, (a * 255).rounded()))
                }
            }
        }
        return Bitmap(width: side, height: side, pixels: pixels)
    }

    /// True when (x, y) lies in the square [lo, hi]² with corners rounded by `radius`.
    static func inRoundedSquare(_ x: Double, _ y: Double, lo: Double, hi: Double, radius: Double) -> Bool {
        guard x >= lo, x <= hi, y >= lo, y <= hi else { return false }
        let cx = min(max(x, lo + radius), hi - radius), cy = min(max(y, lo + radius), hi - radius)
        let dx = x - cx, dy = y - cy
        return dx * dx + dy * dy <= radius * radius
    }

    /// One horizontal and one vertical box blur of `radius`, edges clamped to zero.
    static func boxBlur(_ values: inout [Float], side: Int, radius: Int) {
        var line = [Float](repeating: 0, count: side)
        let width = Float(2 * radius + 1)
        for pass in 0..<2 {
            for k in 0..<side {
                for i in 0..<side { line[i] = pass == 0 ? values[k * side + i] : values[i * side + k] }
                var sum: Float = 0
                for i in 0...min(radius, side - 1) { sum += line[i] }
                for i in 0..<side {
                    let value = sum / width
                    if pass == 0 { values[k * side + i] = value } else { values[i * side + k] = value }
                    let add = i + radius + 1, drop = i - radius
                    if add < side { sum += line[add] }
                    if drop >= 0 { sum -= line[drop] }
                }
            }
        }
    }
}
