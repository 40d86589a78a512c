import AssetCore
import AssetPlan
import Foundation
import Rendering
import Testing

/// The launch scene painter: fills, translucent fills, tinted glyphs, files it was not given.
@Suite struct LaunchRendererTests {
    static func job(_ size: PixelSize, _ layers: [LaunchLayer]) -> RenderJob {
        RenderJob(output: "L.launchimage/l.png", asset: "L", slot: "test", scale: .x1,
                  source: SourceRef(path: "/nonexistent/t.yml", displayPath: "t.yml", format: .yaml),
                  pixelSize: size, fit: .fill, background: .white, channels: .rgb,
                  launch: LaunchScene(layers: layers))
    }

    static let half = SourceRef(path: RenderingFixtures.artwork("square-half.svg"), displayPath: "square-half.svg", format: .svg)

    @Test func fillsTranslucentBlackAndATintedGlyph() throws {
        let size = PixelSize(width: 40, height: 30)
        let blue = RGBAColor(red: 0x1B, green: 0x3F, blue: 0xA8)
        let tint = RGBAColor(red: 0x8E, green: 0x8E, blue: 0x93)
        let job = Self.job(size, [
            LaunchLayer(role: "background", rect: PixelRect(x: 0, y: 0, width: 40, height: 30), color: .white),
            LaunchLayer(role: "navigation-bar", rect: PixelRect(x: 0, y: 0, width: 40, height: 10), color: blue),
            LaunchLayer(role: "status-bar", rect: PixelRect(x: 0, y: 0, width: 40, height: 4),
                        color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 128)),
            // square-half.svg is red on its left half and empty on the right: only its alpha counts.
            LaunchLayer(role: "glyph 1", rect: PixelRect(x: 20, y: 20, width: 10, height: 10), color: tint, image: Self.half),
        ])
        let bitmap = try Renderer.render(job, sources: [Self.half.path: .vector(try VectorImage(path: Self.half.path))])
        #expect(bitmap.size == size)
        #expect(bitmap.pixel(x: 5, y: 6) == RGBAColor(red: 0x1B, green: 0x3F, blue: 0xA8))
        // Half black over the bar: each channel halved (±1 for rounding).
        let dimmed = bitmap.pixel(x: 5, y: 1)
        #expect(abs(Int(dimmed.blue) - 0xA8 / 2) <= 1 && abs(Int(dimmed.red) - 0x1B / 2) <= 1 && dimmed.alpha == 255)
        #expect(bitmap.pixel(x: 22, y: 25) == tint, "left half of the glyph: painted in the tint, not red")
        #expect(bitmap.pixel(x: 27, y: 25) == .white, "right half of the glyph: transparent, the background shows")
        #expect(bitmap.pixel(x: 5, y: 20) == .white)
        #expect(bitmap.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 255 }, "opaque")
    }

    @Test func aDrawingThatWasNotLoadedIsAnError() throws {
        let job = Self.job(PixelSize(square: 8), [
            LaunchLayer(role: "logo", rect: PixelRect(x: 0, y: 0, width: 8, height: 8), color: nil, image: Self.half),
        ])
        #expect(throws: RenderError.self) { try Renderer.render(job, sources: [:]) }
    }
}
