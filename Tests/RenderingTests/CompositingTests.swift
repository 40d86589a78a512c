import AssetCore
import AssetPlan
import Foundation
import Rendering
import Testing

@Suite struct CompositingTests {
    static let background = RGBAColor(red: 20, green: 200, blue: 90)

    @Test(arguments: [25, 50, 75])
    func backgroundFlattensEveryPixelToTheSRGBBlend(side: Int) throws {
        let size = PixelSize(square: side)
        let plain = try RenderingFixtures.render("square-half.svg", size)
        let flat = try RenderingFixtures.render("square-half.svg", size, background: Self.background)
        #expect(flat.isOpaque)
        let bg = [Self.background.red, Self.background.green, Self.background.blue]
        for y in 0..<side {
            for x in 0..<side {
                let p = plain.pixel(x: x, y: y)
                let f = flat.pixel(x: x, y: y)
                let source = [p.red, p.green, p.blue]
                let got = [f.red, f.green, f.blue]
                for c in 0..<3 {
                    let a = Double(p.alpha) / 255
                    let expected = Double(source[c]) * a + Double(bg[c]) * (1 - a)
                    #expect(abs(Double(got[c]) - expected) <= 0.5 + 1e-9, "x \(x) y \(y) channel \(c)")
                }
            }
        }
        // Spot values: opaque red on the left, the background on the right.
        #expect(flat.pixel(x: 0, y: 0) == RGBAColor(red: 255, green: 0, blue: 0))
        #expect(flat.pixel(x: side - 1, y: side - 1) == Self.background)
    }

    @Test func rasterWithAlphaIsFlattenedToo() throws {
        let source = Bitmap(width: 4, height: 4, filledWith: RGBAColor(red: 255, green: 255, blue: 255, alpha: 51))
        let out = try Renderer.render(RenderingFixtures.job(PixelSize(square: 4), background: .black),
                                      from: .bitmap(RasterImage(source)))
        // 255 * 0.2 = 51 over black.
        #expect(out == Bitmap(width: 4, height: 4, filledWith: RGBAColor(red: 51, green: 51, blue: 51)))
    }

    @Test func greyscaleGivesEqualChannelsAndKeepsAlpha() throws {
        let size = PixelSize(square: 25)
        let plain = try RenderingFixtures.render("square-half.svg", size)
        let grey = try RenderingFixtures.render("square-half.svg", size, effect: .greyscale)
        // Pure red has relative luminance 0.2126; its sRGB code is 127.
        let redGrey = UInt8((RenderingFixtures.srgbEncode(0.2126) * 255).rounded())
        #expect(redGrey == 127)
        for y in 0..<25 {
            for x in 0..<25 {
                let g = grey.pixel(x: x, y: y)
                #expect(g.red == g.green && g.green == g.blue, "x \(x) y \(y)")
                #expect(g.alpha == plain.pixel(x: x, y: y).alpha, "x \(x) y \(y)")
            }
        }
        #expect(grey.pixel(x: 0, y: 0) == RGBAColor(red: redGrey, green: redGrey, blue: redGrey))
    }

    @Test func greyscaleAppliesAfterFlattening() throws {
        let grey = try RenderingFixtures.render("square-half.svg", PixelSize(square: 50),
                                                background: .white, effect: .greyscale)
        #expect(grey.isOpaque)
        #expect(grey.pixel(x: 49, y: 0) == .white)
        #expect(grey.pixel(x: 0, y: 0) == RGBAColor(red: 127, green: 127, blue: 127))
    }

    @Test func greyscaleOfNoisePreservesLuminance() throws {
        let pixels = RenderingFixtures.noise(count: 16 * 16 * 4, seed: 7).enumerated().map { i, v in
            i % 4 == 3 ? 255 : v
        }
        let source = Bitmap(width: 16, height: 16, pixels: pixels)
        let grey = try Renderer.render(RenderingFixtures.job(PixelSize(square: 16), effect: .greyscale),
                                       from: .bitmap(RasterImage(source)))
        for y in 0..<16 {
            for x in 0..<16 {
                let s = source.pixel(x: x, y: y)
                let luminance = s.relativeLuminance
                let expected = RenderingFixtures.srgbEncode(luminance) * 255
                let g = grey.pixel(x: x, y: y)
                #expect(abs(Double(g.red) - expected) <= 0.51, "x \(x) y \(y)")
                #expect(g.red == g.green && g.green == g.blue)
            }
        }
    }
}
