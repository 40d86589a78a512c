import AssetCore
import AssetPlan
import Rendering
import Testing

@Suite struct AreaResamplerTests {
    /// 1 px black and white columns averaged two to one: 50 % linear light, which is sRGB 188
    /// (a gamma-space average would give 128).
    @Test func lineGratingAveragesInLinearLight() throws {
        var pixels: [UInt8] = []
        for _ in 0..<64 {
            for x in 0..<64 {
                let v: UInt8 = x % 2 == 0 ? 0 : 255
                pixels += [v, v, v, 255]
            }
        }
        let out = try RenderingFixtures.resize(Bitmap(width: 64, height: 64, pixels: pixels), to: PixelSize(square: 32))
        #expect(out == Bitmap(width: 32, height: 32, filledWith: RGBAColor(red: 188, green: 188, blue: 188)))
    }

    @Test(arguments: [RGBAColor(red: 37, green: 150, blue: 220), RGBAColor(red: 1, green: 254, blue: 128, alpha: 77),
                      RGBAColor(red: 0, green: 0, blue: 0), RGBAColor(red: 255, green: 255, blue: 255)])
    func flatColourStaysExactlyThatColour(color: RGBAColor) throws {
        let source = Bitmap(width: 1024, height: 1024, filledWith: color)
        for side in [87, 167, 20] {
            let out = try RenderingFixtures.resize(source, to: PixelSize(square: side))
            #expect(out == Bitmap(width: side, height: side, filledWith: color), "\(side) px")
        }
    }

    @Test func sameSizeIsAPixelExactCopy() throws {
        let source = Bitmap(width: 37, height: 23, pixels: RenderingFixtures.noise(count: 37 * 23 * 4, seed: 1))
        #expect(try RenderingFixtures.resize(source, to: source.size) == source)
        #expect(try RenderingFixtures.resize(source, to: source.size, fit: .contain) == source)
    }

    @Test func containAtFullSizeCopiesIntoTheCentre() throws {
        // 10x10 in 20x10: scale 1, placed at x = 5.
        let source = Bitmap(width: 10, height: 10, pixels: RenderingFixtures.noise(count: 400, seed: 2))
        let out = try RenderingFixtures.resize(source, to: PixelSize(width: 20, height: 10), fit: .contain)
        for y in 0..<10 {
            for x in 0..<20 {
                let expected = (5..<15).contains(x) ? source.pixel(x: x - 5, y: y) : RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
                #expect(out.pixel(x: x, y: y) == expected, "x \(x) y \(y)")
            }
        }
    }

    @Test func containWithAFractionalEdgeCoversHalfAPixel() throws {
        // 100x50 into 87x87: 87x43.5 at y = floor(21.75) = 21, so row 64 is half covered.
        let color = RGBAColor(red: 200, green: 40, blue: 90)
        let out = try RenderingFixtures.resize(Bitmap(width: 100, height: 50, filledWith: color),
                                               to: PixelSize(square: 87), fit: .contain)
        let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
        for x in [0, 43, 86] {
            #expect(out.pixel(x: x, y: 20) == clear)
            for y in 21..<64 { #expect(out.pixel(x: x, y: y) == color, "x \(x) y \(y)") }
            #expect(out.pixel(x: x, y: 64) == RGBAColor(red: 200, green: 40, blue: 90, alpha: 128))
            #expect(out.pixel(x: x, y: 65) == clear)
        }
    }

    /// A hard-edged two-colour disc: every output value lies between the two colours (no halo).
    @Test(arguments: [87, 58, 29, 180])
    func hardEdgesStayWithinTheSourceRange(side: Int) throws {
        let n = 300
        let inside: [UInt8] = [30, 220, 90], outside: [UInt8] = [200, 10, 160]
        var pixels: [UInt8] = []
        pixels.reserveCapacity(n * n * 4)
        for y in 0..<n {
            for x in 0..<n {
                let dx = Double(x) - 140.3, dy = Double(y) - 151.7
                pixels += (dx * dx + dy * dy < 100 * 100 ? inside : outside) + [255]
            }
        }
        let out = try RenderingFixtures.resize(Bitmap(width: n, height: n, pixels: pixels), to: PixelSize(square: side))
        for c in 0..<3 {
            let values = stride(from: c, to: out.pixels.count, by: 4).map { out.pixels[$0] }
            let low = min(inside[c], outside[c]), high = max(inside[c], outside[c])
            #expect(values.min() == low, "channel \(c)")
            #expect(values.max() == high, "channel \(c)")
            #expect(values.contains { $0 != low && $0 != high }, "channel \(c): edges are blended")
        }
        #expect(out.isOpaque)
    }

    @Test func transparentPixelsDoNotDarkenTheirNeighbours() throws {
        // Opaque white next to fully transparent black: premultiplied averaging keeps white white.
        var pixels: [UInt8] = []
        for _ in 0..<8 {
            for x in 0..<8 { pixels += x % 2 == 0 ? [255, 255, 255, 255] : [0, 0, 0, 0] }
        }
        let out = try RenderingFixtures.resize(Bitmap(width: 8, height: 8, pixels: pixels), to: PixelSize(square: 4))
        #expect(out == Bitmap(width: 4, height: 4, filledWith: RGBAColor(red: 255, green: 255, blue: 255, alpha: 128)))
    }

    @Test func upscalingIsNotRefusedAndDoesNotCrash() throws {
        let source = Bitmap(width: 2, height: 1, pixels: [255, 0, 0, 255, 0, 0, 255, 255])
        let out = try RenderingFixtures.resize(source, to: PixelSize(width: 4, height: 2))
        #expect(out.pixel(x: 0, y: 1) == RGBAColor(red: 255, green: 0, blue: 0))
        #expect(out.pixel(x: 3, y: 0) == RGBAColor(red: 0, green: 0, blue: 255))
    }

    @Test func oneRasterServesManySizesFromManyThreads() async throws {
        let source = RasterImage(Bitmap(width: 64, height: 64, pixels: RenderingFixtures.noise(count: 64 * 64 * 4, seed: 3)))
        let sides = [7, 13, 20, 29, 31, 40, 50, 63]
        let results = try await withThrowingTaskGroup(of: (Int, Bitmap).self) { group in
            for side in sides + sides {
                group.addTask {
                    (side, try Renderer.render(RenderingFixtures.job(PixelSize(square: side)), from: .bitmap(source)))
                }
            }
            var all: [(Int, Bitmap)] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == sides.count * 2)
        for (side, bitmap) in results {
            #expect(bitmap == (try Renderer.render(RenderingFixtures.job(PixelSize(square: side)), from: .bitmap(source))))
        }
    }
}
