import AssetCore
import AssetPlan
import Foundation
@testable import Rendering
import Testing

/// Sources are resampled a row at a time (no whole-image float copy). A fractional placement
/// inside the box: pixels it covers wholly are opaque, pixels it misses stay transparent, and edge
/// pixels get the fraction of them it covers, as alpha.
@Suite struct StreamingResampleTests {
    @Test func fractionalPlacementCoversEachPixelByItsArea() {
        let master = AreaResamplerReferenceTests.master
        // Columns 5.5 ..< 34.5 and rows 7.25 ..< 26.75 of a 40 x 40 box.
        let out = AreaResampler.resample(RasterImage(master), into: PixelSize(width: 40, height: 40),
                                         placement: Placement(x: 5.5, y: 7.25, width: 29, height: 19.5))
        func alpha(_ x: Int, _ y: Int) -> Int { Int(out.pixels[(y * 40 + x) * 4 + 3]) }
        #expect(alpha(20, 15) == 255)
        #expect(alpha(4, 15) == 0 && alpha(35, 15) == 0 && alpha(20, 6) == 0 && alpha(20, 27) == 0)
        #expect(alpha(5, 15) == 128 && alpha(34, 15) == 128, "half a column covered")
        #expect(alpha(20, 7) == 191 && alpha(20, 26) == 191, "three quarters of a row covered")
        #expect(alpha(5, 7) == 96, "a corner: half times three quarters")
        #expect(out.pixels[(15 * 40 + 20) * 4 ..< (15 * 40 + 20) * 4 + 3].contains { $0 != 0 })
    }

    /// Sizes announced together are made in one pass over the source's rows; each is the same,
    /// pixel for pixel, as when it is made alone, whichever job asks first.
    @Test func sizesMadeTogetherEqualEachMadeAlone() {
        let master = AreaResamplerReferenceTests.master
        let targets = [87, 40, 180, 29].map { side in
            AreaResampler.Target(box: PixelSize(width: side, height: side), placement: Placement(x: 0, y: 0, width: Double(side), height: Double(side)))
        } + [AreaResampler.Target(box: PixelSize(width: 120, height: 45), placement: Placement(x: 3.25, y: 0, width: 113.5, height: 45))]
        let together = RasterImage(master)
        together.expect(targets, ways: 2)
        for target in targets.reversed() {
            let alone = AreaResampler.resample(RasterImage(master), into: target.box, placement: target.placement)
            let made = together.resampled(target)
            #expect(made.size == target.box)
            #expect(made.pixels == alone.pixels, "\(target.box)")
        }
    }

    /// A source lets go of its pixels only once every announced group is made; the announced
    /// sizes are still served afterwards, identical to those made alone.
    @Test func pixelsAreLetGoOnlyOnceEveryAnnouncedSizeIsMade() {
        let master = AreaResamplerReferenceTests.master
        // Two ways: groups {80, 39} and {79, 40}.
        let targets = [80, 79, 40, 39].map { side in
            AreaResampler.Target(box: PixelSize(width: side, height: side), placement: Placement(x: 0, y: 0, width: Double(side), height: Double(side)))
        }
        let image = RasterImage(master)
        image.expect(targets, ways: 2)
        #expect(targets.allSatisfy(image.isPlanned))
        #expect(!image.isPlanned(AreaResampler.Target(box: PixelSize(width: 50, height: 50),
                                                      placement: Placement(x: 0, y: 0, width: 50, height: 50))))
        #expect(!image.releasePixels(), "no group is made yet")
        _ = image.resampled(targets[0])
        #expect(!image.releasePixels(), "the group of 79 and 40 is still to be made")
        _ = image.resampled(targets[2])
        #expect(image.releasePixels())
        #expect(image.size == master.size)
        for target in targets {
            #expect(image.resampled(target).pixels
                    == AreaResampler.resample(RasterImage(master), into: target.box, placement: target.placement).pixels)
        }
    }
}
