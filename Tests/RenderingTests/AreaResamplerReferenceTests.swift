import AssetCore
import AssetPlan
import Foundation
import Rendering
import Testing

/// The resampler against the project's quality reference, computed here the same way as
/// `bench/quality.py`: sRGB decode, float64 separable area average, sRGB encode, unrounded.
@Suite struct AreaResamplerReferenceTests {
    static let sizes = [20, 29, 40, 58, 60, 76, 80, 87, 114, 120, 152, 167, 180]
    static let masterSide = 512

    /// A hard master: a 1 px line grating, a fine zone plate, gradients and a hard-edged disc.
    static let master: Bitmap = {
        let n = masterSide
        var pixels = [UInt8](repeating: 255, count: n * n * 4)
        for y in 0..<n {
            for x in 0..<n {
                let i = (y * n + x) * 4
                var rgb: (Double, Double, Double)
                if y < n / 4 {
                    let v: Double = x % 2 == 0 ? 0 : 1
                    rgb = (v, v * 0.8, 1 - v)
                } else if y < n / 2 {
                    let dx = Double(x - n / 2), dy = Double(y - 3 * n / 8)
                    let v = 0.5 + 0.5 * cos((dx * dx + dy * dy) / 90)
                    rgb = (v, 0.3, 1 - v)
                } else if x < n / 2 {
                    rgb = (Double(x) / Double(n / 2), Double(y - n / 2) / Double(n / 2), 0.25)
                } else {
                    let dx = Double(x) - 383.3, dy = Double(y) - 384.6
                    rgb = dx * dx + dy * dy < 90 * 90 ? (0.95, 0.85, 0.1) : (0.05, 0.1, 0.4)
                }
                pixels[i] = UInt8((rgb.0 * 255).rounded())
                pixels[i + 1] = UInt8((rgb.1 * 255).rounded())
                pixels[i + 2] = UInt8((rgb.2 * 255).rounded())
            }
        }
        return Bitmap(width: n, height: n, pixels: pixels)
    }()

    /// `dst` rows of `src` weights, each normalised to sum 1, as `area_weights` in quality.py.
    static func weights(_ src: Int, _ dst: Int) -> [[(Int, Double)]] {
        let scale = Double(src) / Double(dst)
        return (0..<dst).map { i in
            let a = Double(i) * scale, b = Double(i + 1) * scale
            var row: [(Int, Double)] = []
            for j in Int(a.rounded(.down))..<min(Int(b.rounded(.up)), src) {
                let w = max(0, min(b, Double(j + 1)) - max(a, Double(j)))
                if w > 0 { row.append((j, w)) }
            }
            let sum = row.reduce(0) { $0 + $1.1 }
            return row.map { ($0.0, $0.1 / sum) }
        }
    }

    /// Reference output in sRGB 0…255, unrounded, RGB only (the master is opaque).
    static func reference(_ side: Int) -> [Double] {
        let n = masterSide
        let linear = master.pixels.map { RenderingFixtures.srgbDecode(Double($0) / 255) }
        let w = weights(n, side)
        var horizontal = [Double](repeating: 0, count: n * side * 3)
        for y in 0..<n {
            for i in 0..<side {
                for (j, wj) in w[i] {
                    for c in 0..<3 { horizontal[(y * side + i) * 3 + c] += wj * linear[(y * n + j) * 4 + c] }
                }
            }
        }
        var out = [Double](repeating: 0, count: side * side * 3)
        for r in 0..<side {
            for (j, wj) in w[r] {
                for i in 0..<side * 3 { out[r * side * 3 + i] += wj * horizontal[j * side * 3 + i] }
            }
        }
        return out.map { RenderingFixtures.srgbEncode(min(max($0, 0), 1)) * 255 }
    }

    @Test(arguments: sizes)
    func matchesTheLinearLightAreaAverageReference(side: Int) throws {
        let raster = RasterImage(Self.master)
        let out = try Renderer.render(RenderingFixtures.job(PixelSize(square: side)), from: .bitmap(raster))
        let expected = Self.reference(side)
        var squared = 0.0, worst = 0.0
        for p in 0..<side * side {
            for c in 0..<3 {
                let e = Double(out.pixels[p * 4 + c]) - expected[p * 3 + c]
                squared += e * e
                worst = max(worst, abs(e))
            }
            #expect(out.pixels[p * 4 + 3] == 255)
        }
        let psnr = 10 * log10(255 * 255 / (squared / Double(side * side * 3)))
        // Rounding to 8 bits alone costs ~59 dB; worst error is rounding plus float noise.
        #expect(psnr > 55, "\(side) px: \(psnr) dB")
        #expect(worst < 0.51, "\(side) px: worst error \(worst)")
    }
}
