import AssetCore
import AssetPlan
import Rendering
import Testing

@Suite struct VectorRenderingTests {
    static let red = RGBAColor(red: 255, green: 0, blue: 0, alpha: 255)
    static let blue = RGBAColor(red: 0, green: 0, blue: 255, alpha: 255)
    static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)

    @Test func intrinsicSizeComesFromWidthAndHeightOrTheViewBox() throws {
        let square = try VectorImage(path: RenderingFixtures.artwork("square-half.svg"))
        #expect(square.size == PixelSize(square: 100))
        let wide = try VectorImage(path: RenderingFixtures.artwork("wide-halves.svg"))
        #expect(wide.size == PixelSize(width: 200, height: 100))
    }

    @Test(arguments: [25, 50, 75])
    func leftHalfIsRedAndRightHalfIsClear(side: Int) throws {
        let bitmap = try RenderingFixtures.render("square-half.svg", PixelSize(square: side))
        #expect(bitmap.size == PixelSize(square: side))
        let edge = Double(side) / 2
        for y in 0..<side {
            for x in 0..<side {
                let p = bitmap.pixel(x: x, y: y)
                if Double(x + 1) <= edge {
                    #expect(p == Self.red, "x \(x) y \(y)")
                } else if Double(x) >= edge {
                    #expect(p == Self.clear, "x \(x) y \(y)")
                } else {
                    // The column the edge cuts in half: half coverage, colour still pure red.
                    #expect((120...136).contains(p.alpha), "x \(x) y \(y) alpha \(p.alpha)")
                    #expect(p.red == 255 && p.green == 0 && p.blue == 0, "x \(x) y \(y)")
                }
            }
        }
    }

    @Test func oddSizeHasAHalfCoveredMiddleColumn() throws {
        let bitmap = try RenderingFixtures.render("square-half.svg", PixelSize(square: 25))
        let middle = bitmap.pixel(x: 12, y: 12)
        #expect(abs(Int(middle.alpha) - 128) <= 2)
    }

    @Test func fillStretchesANonSquareDrawing() throws {
        let bitmap = try RenderingFixtures.render("wide-halves.svg", PixelSize(square: 50), fit: .fill)
        for y in 0..<50 {
            for x in 0..<50 {
                #expect(bitmap.pixel(x: x, y: y) == (x < 25 ? Self.red : Self.blue), "x \(x) y \(y)")
            }
        }
    }

    @Test func containCentresANonSquareDrawingInAClearBox() throws {
        // 200x100 into 50x50: 50x25 at y = floor(12.5) = 12, so rows 12..<37 are drawn.
        let bitmap = try RenderingFixtures.render("wide-halves.svg", PixelSize(square: 50), fit: .contain)
        for y in 0..<50 {
            for x in 0..<50 {
                let expected = (12..<37).contains(y) ? (x < 25 ? Self.red : Self.blue) : Self.clear
                #expect(bitmap.pixel(x: x, y: y) == expected, "x \(x) y \(y)")
            }
        }
    }

    @Test func containIntoATallBoxCentresHorizontally() throws {
        // 200x100 into 40x60: 40x20 at y = 20.
        let bitmap = try RenderingFixtures.render("wide-halves.svg", PixelSize(width: 40, height: 60), fit: .contain)
        #expect(bitmap.size == PixelSize(width: 40, height: 60))
        #expect(bitmap.pixel(x: 5, y: 19) == Self.clear)
        #expect(bitmap.pixel(x: 5, y: 20) == Self.red)
        #expect(bitmap.pixel(x: 35, y: 39) == Self.blue)
        #expect(bitmap.pixel(x: 35, y: 40) == Self.clear)
    }

    @Test func oneParsedDrawingRendersManySizesFromManyThreads() async throws {
        let image = try VectorImage(path: RenderingFixtures.artwork("square-half.svg"))
        let sides = Array(stride(from: 10, through: 90, by: 5))
        var serial: [Int: Bitmap] = [:]
        for side in sides {
            serial[side] = try Renderer.render(RenderingFixtures.job(PixelSize(square: side)), from: .vector(image))
        }
        let parallel = try await withThrowingTaskGroup(of: (Int, Bitmap).self) { group in
            for side in sides + sides {
                group.addTask {
                    (side, try Renderer.render(RenderingFixtures.job(PixelSize(square: side)), from: .vector(image)))
                }
            }
            var results: [(Int, Bitmap)] = []
            for try await result in group { results.append(result) }
            return results
        }
        #expect(parallel.count == sides.count * 2)
        for (side, bitmap) in parallel {
            #expect(bitmap == serial[side])
        }
    }
}
