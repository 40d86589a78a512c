import AssetCore
import AssetPlan

extension Bitmap {
    /// A derived control state: colour channels multiplied by `tone.brightness`, alpha by
    /// `tone.opacity`, rounded.
    mutating func applyTone(_ tone: ToneAdjustment) {
        let count = width * height
        let b = max(0, tone.brightness), o = max(0, min(1, tone.opacity))
        pixels.withUnsafeMutableBufferPointer { p in
            for i in 0..<count {
                let k = i * 4
                for c in 0..<3 { p[k + c] = UInt8(min(255, (Double(p[k + c]) * b).rounded())) }
                p[k + 3] = UInt8((Double(p[k + 3]) * o).rounded())
            }
        }
    }
}
