import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport

/// The golden-image helpers themselves: a wrong bitmap must be reported as different.
@Suite struct GoldenComparisonTests {
    static let base = TestBitmaps.ramps(width: 10, height: 6)

    static func changed(_ bitmap: Bitmap, x: Int, y: Int, channel: Int, by delta: Int) -> Bitmap {
        var copy = bitmap
        let i = (y * bitmap.width + x) * 4 + channel
        copy.pixels[i] = UInt8(clamping: Int(copy.pixels[i]) + delta)
        return copy
    }

    @Test func identicalBitmapsMatch() {
        let comparison = BitmapComparison(expected: Self.base, actual: Self.base)
        #expect(comparison.differingPixels == 0 && comparison.maxChannelDelta == 0)
        #expect(comparison.passes())
        #expect(Self.base.psnr(against: Self.base) == .infinity)
    }

    @Test func aWrongBitmapIsReportedAsDifferent() throws {
        var wrong = Self.changed(Self.base, x: 3, y: 2, channel: 1, by: 50)
        wrong.pixels[3 * 4 + 3] = 255 // pixel 3,0 also made opaque
        let comparison = BitmapComparison(expected: Self.base, actual: wrong)
        #expect(comparison.differingPixels == 2)
        #expect(!comparison.passes())
        #expect(comparison.passes(maxDifferingPixels: 2))
        #expect(comparison.summary.hasPrefix("2 pixels differ by more than 2/255"))
        let psnr = try #require(Self.base.psnr(against: wrong))
        #expect(psnr < 40)
    }

    @Test func toleranceIsPerChannelAndInclusive() {
        let base = Bitmap(width: 1, height: 1, filledWith: RGBAColor(red: 100, green: 100, blue: 100))
        let within = Self.changed(base, x: 0, y: 0, channel: 2, by: 2)
        let beyond = Self.changed(base, x: 0, y: 0, channel: 2, by: -3)
        #expect(BitmapComparison(expected: base, actual: within, tolerance: 2).passes())
        #expect(BitmapComparison(expected: base, actual: within, tolerance: 2).maxChannelDelta == 2)
        #expect(!BitmapComparison(expected: base, actual: beyond, tolerance: 2).passes())
        #expect(BitmapComparison(expected: base, actual: beyond, tolerance: 3).passes())
    }

    @Test func colourIsIgnoredOnlyWhereBothAlphasAreZero() {
        let clear = Bitmap(width: 1, height: 1, filledWith: RGBAColor(red: 255, green: 0, blue: 0, alpha: 0))
        let otherClear = Bitmap(width: 1, height: 1, filledWith: RGBAColor(red: 0, green: 0, blue: 255, alpha: 0))
        let faint = Bitmap(width: 1, height: 1, filledWith: RGBAColor(red: 0, green: 0, blue: 255, alpha: 1))
        #expect(BitmapComparison(expected: clear, actual: otherClear, tolerance: 0).passes())
        #expect(clear.psnr(against: otherClear) == .infinity)
        let comparison = BitmapComparison(expected: clear, actual: faint, tolerance: 2)
        #expect(!comparison.passes())
        #expect(comparison.maxChannelDelta == 255)
    }

    @Test func differentSizesNeverPass() {
        let small = Bitmap(width: 10, height: 5, pixels: Array(Self.base.pixels.prefix(10 * 5 * 4)))
        let comparison = BitmapComparison(expected: Self.base, actual: small)
        #expect(!comparison.sizesMatch && !comparison.passes(maxDifferingPixels: 1000))
        #expect(comparison.differingPixels == 10) // the missing row
        #expect(comparison.summary == "size 10x5 px differs from the expected 10x6 px")
        #expect(Self.base.psnr(against: small) == nil)
    }

    /// One channel of one pixel off by 255 over 2 pixels × 4 channels: MSE = 255²/8, PSNR 9.03 dB.
    @Test func psnrHasItsTextbookValue() throws {
        let black = Bitmap(width: 2, height: 1, filledWith: .black)
        var red = black
        red.pixels[0] = 255
        let psnr = try #require(black.psnr(against: red))
        #expect(abs(psnr - 10 * log10(8.0)) < 1e-9)
    }

    @Test func sideBySideShowsExpectedDiffAndActual() {
        let wrong = Self.changed(Self.base, x: 4, y: 1, channel: 0, by: 100)
        let picture = GoldenImage.sideBySide(expected: Self.base, actual: wrong, tolerance: 2)
        #expect(picture.size == PixelSize(width: 30, height: 6))
        #expect(picture.pixel(x: 4, y: 1) == Self.base.pixel(x: 4, y: 1))
        #expect(picture.pixel(x: 24, y: 1) == wrong.pixel(x: 4, y: 1))
        let marked = picture.pixel(x: 14, y: 1)
        #expect(marked.red >= 127 && marked.green == 0 && marked.blue == 0 && marked.alpha == 255)
        let calm = picture.pixel(x: 15, y: 1)
        #expect(calm.red == calm.green && calm.green == calm.blue && calm.red >= 191)
    }

    /// The whole golden cycle in a temporary folder: missing fails, recording fails loudly and
    /// writes the file, a match passes, a mismatch fails and leaves a diff picture.
    @Test func goldenCycle() throws {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("golden-test-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let goldens = root.appendingPathComponent("Images")
        let diffs = root.appendingPathComponent("diffs")
        func check(_ bitmap: Bitmap, record: Bool = false) -> GoldenImage.Outcome {
            GoldenImage.check(bitmap, named: "Icons/ramp", goldens: goldens, diffs: diffs, record: record)
        }
        let golden = goldens.appendingPathComponent("Icons/ramp.png")
        let diff = diffs.appendingPathComponent("Icons/ramp.png")

        let missing = check(Self.base)
        #expect(missing == .missing(golden))
        #expect(!missing.passed && missing.message.contains("RECORD_GOLDENS=1"))

        let recorded = check(Self.base, record: true)
        #expect(recorded == .recorded(golden))
        #expect(!recorded.passed && recorded.message.contains("RECORDED"))
        #expect(try PNGCodec.decode(Data(contentsOf: golden)) == Self.base)

        #expect(Self.base.pixel(x: 1, y: 1).alpha == 48) // visible, so a colour change counts
        let wrong = Self.changed(Self.base, x: 1, y: 1, channel: 0, by: 80)
        let mismatch = check(wrong)
        guard case .mismatched(let comparison, _, let diffURL, _) = mismatch else {
            Issue.record("expected a mismatch, got \(mismatch)")
            return
        }
        #expect(comparison.differingPixels == 1)
        #expect(diffURL == diff)
        #expect(try PNGCodec.decode(Data(contentsOf: diff)).size == PixelSize(width: 30, height: 6))
        #expect(!mismatch.passed && mismatch.message.contains(diff.path))

        let slightlyOff = Self.changed(Self.base, x: 1, y: 1, channel: 0, by: 2)
        #expect(check(slightlyOff).passed)
        #expect(!FileManager.default.fileExists(atPath: diff.path)) // a stale diff is removed
    }
}
