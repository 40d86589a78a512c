import AssetCore

/// How far two bitmaps are apart, pixel by pixel.
///
/// A pixel differs when any of its four channels is more than `tolerance` away. Where both alphas
/// are 0 the pixel is the same whatever its colour (straight alpha leaves the colour of a fully
/// transparent pixel meaningless). Bitmaps of different sizes are compared over the area they
/// share, and every pixel outside it counts as differing.
package struct BitmapComparison: Hashable, Sendable {
    /// The size of the reference bitmap (the golden).
    package var expectedSize: PixelSize
    /// The size of the bitmap under test.
    package var actualSize: PixelSize
    /// The largest per-channel difference that still counts as equal, out of 255.
    package var tolerance: UInt8
    /// Pixels with a channel more than `tolerance` away, plus the pixels outside the shared area.
    package var differingPixels: Int
    /// The largest channel difference seen in the shared area, out of 255 (0 when identical).
    package var maxChannelDelta: UInt8

    /// Compares `actual` with `expected`, channel by channel.
    package init(expected: Bitmap, actual: Bitmap, tolerance: UInt8 = 2) {
        expectedSize = expected.size
        actualSize = actual.size
        self.tolerance = tolerance
        let width = min(expected.width, actual.width)
        let height = min(expected.height, actual.height)
        var differing = 0
        var largest: UInt8 = 0
        expected.pixels.withUnsafeBufferPointer { e in
            actual.pixels.withUnsafeBufferPointer { a in
                for y in 0..<height {
                    var i = y * expected.width * 4
                    var j = y * actual.width * 4
                    for _ in 0..<width {
                        let delta = BitmapComparison.delta(e, i, a, j)
                        if delta > largest { largest = delta }
                        if delta > tolerance { differing += 1 }
                        i += 4
                        j += 4
                    }
                }
            }
        }
        let outside = expected.width * expected.height + actual.width * actual.height - 2 * width * height
        differingPixels = differing + outside
        maxChannelDelta = largest
    }

    /// True when both sizes are equal.
    package var sizesMatch: Bool { expectedSize == actualSize }

    /// True when the sizes match and at most `maxDifferingPixels` pixels differ.
    package func passes(maxDifferingPixels: Int = 0) -> Bool {
        sizesMatch && differingPixels <= maxDifferingPixels
    }

    /// `37 pixels differ by more than 2/255 (largest channel difference 255/255)`, or the sizes.
    package var summary: String {
        if !sizesMatch {
            return "size \(actualSize) differs from the expected \(expectedSize)"
        }
        let pixels = differingPixels == 1 ? "1 pixel differs" : "\(differingPixels) pixels differ"
        return "\(pixels) by more than \(tolerance)/255 (largest channel difference \(maxChannelDelta)/255)"
    }

    /// The largest channel difference of the pixels at byte offsets `i` and `j`; 0 where both
    /// alphas are 0.
    static func delta(_ e: UnsafeBufferPointer<UInt8>, _ i: Int,
                      _ a: UnsafeBufferPointer<UInt8>, _ j: Int) -> UInt8 {
        if e[i + 3] == 0 && a[j + 3] == 0 { return 0 }
        var largest: UInt8 = 0
        for k in 0..<4 {
            let x = e[i + k], y = a[j + k]
            let d = x > y ? x - y : y - x
            if d > largest { largest = d }
        }
        return largest
    }
}
