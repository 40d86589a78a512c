import AssetCore
import AssetPlan
import Foundation
@testable import Rendering
import Testing

/// Large sources are resampled a row at a time, without a whole-image float copy; the pixels
/// must be exactly those of the cached linear path.
@Suite struct StreamingResampleTests {
    @Test(arguments: [
        (PixelSize(width: 87, height: 87), Placement(x: 0, y: 0, width: 87, height: 87)),
        (PixelSize(width: 120, height: 45), Placement(x: 3.25, y: 0, width: 113.5, height: 45)),
        (PixelSize(width: 40, height: 40), Placement(x: 5.5, y: 7.25, width: 29, height: 19.5)),
    ])
    func streamingMatchesTheLinearPathExactly(box: PixelSize, placement: Placement) {
        let master = AreaResamplerReferenceTests.master
        let cached = AreaResampler.resample(LinearImage(master), into: box, placement: placement)
        let streamed = AreaResampler.resampleStreaming(master, into: box, placement: placement)
        #expect(cached.pixels == streamed.pixels)
        #expect(cached.pixels.contains { $0 != 0 }, "the comparison is not of two empty images")
    }
}
