import AssetCore
import AssetPlan
import Foundation
import Testing
@testable import Rendering

/// `Renderer.storedCopy`: which jobs take a PNG source's file as it is (issue 38). Exactly the
/// source's size, placed whole, nothing drawn over it; the file goes with the pixels.
@Suite struct StoredCopyTests {
    static let file = Data("a PNG file".utf8)

    static func job(_ side: Int, channels: PixelChannels = .rgba, background: RGBAColor? = nil, fit: Fit = .contain,
                    effect: Effect = .none) -> RenderJob {
        var job = RenderJob(output: "A.imageset/A.png", asset: "A", slot: "1x", scale: .x1,
                            source: SourceRef(path: "/a.png", displayPath: "a.png", format: .png),
                            pixelSize: PixelSize(square: side), fit: fit, background: background, channels: channels)
        job.effect = effect
        return job
    }

    @Test func onlyAPlainJobOfTheSourcesOwnSizeTakesTheFile() {
        let image = RasterImage(Bitmap(width: 60, height: 60, filledWith: RGBAColor(red: 1, green: 2, blue: 3, alpha: 255)), stored: Self.file)
        let sources: [String: LoadedSource] = ["/a.png": .bitmap(image)]
        #expect(Renderer.storedCopy(Self.job(60), sources: sources) == Self.file)
        #expect(Renderer.storedCopy(Self.job(60, fit: .fill), sources: sources) == Self.file)
        #expect(Renderer.storedCopy(Self.job(60, channels: .rgb, background: RGBAColor(red: 255, green: 255, blue: 255, alpha: 255)),
                                    sources: sources) == Self.file)
        #expect(Renderer.storedCopy(Self.job(59), sources: sources) == nil, "one pixel smaller is drawn")
        #expect(Renderer.storedCopy(Self.job(61), sources: sources) == nil)
        #expect(Renderer.storedCopy(Self.job(60, background: RGBAColor(red: 0, green: 0, blue: 0, alpha: 255)),
                                    sources: sources) == nil, "RGBA over a background is drawn")
        #expect(Renderer.storedCopy(Self.job(60, effect: .greyscale), sources: sources) == nil)
        #expect(Renderer.storedCopy(Self.job(60), sources: ["/a.png": .bitmap(RasterImage(Bitmap(width: 60, height: 60, filledWith: RGBAColor(red: 1, green: 2, blue: 3, alpha: 255))))]) == nil)
        image.dropStored()
        #expect(Renderer.storedCopy(Self.job(60), sources: sources) == nil)
    }
}
