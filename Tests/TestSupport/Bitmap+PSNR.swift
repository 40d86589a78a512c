import AssetCore
import Foundation

extension Bitmap {
    /// Peak signal-to-noise ratio against `other`, in decibels, over all four channels
    /// (`10·log10(255² / MSE)`). Pixels where both alphas are 0 count as identical, as in
    /// `BitmapComparison`. `.infinity` when the bitmaps are equal; nil when the sizes differ.
    /// Around 40 dB is hard to see; below 30 dB the difference is plain.
    package func psnr(against other: Bitmap) -> Double? {
        guard size == other.size else { return nil }
        var squares: UInt64 = 0
        pixels.withUnsafeBufferPointer { a in
            other.pixels.withUnsafeBufferPointer { b in
                var i = 0
                while i < a.count {
                    if a[i + 3] != 0 || b[i + 3] != 0 {
                        for k in 0..<4 {
                            let d = Int(a[i + k]) - Int(b[i + k])
                            squares += UInt64(d * d)
                        }
                    }
                    i += 4
                }
            }
        }
        if squares == 0 { return .infinity }
        let meanSquare = Double(squares) / Double(pixels.count)
        return 10 * log10(255 * 255 / meanSquare)
    }
}
