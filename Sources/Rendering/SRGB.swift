import Foundation

/// The sRGB transfer function (IEC 61966-2-1) between 8-bit codes and linear light in 0…1.
///
/// Decoding is a 256-entry table. Encoding rounds exactly: a linear value maps to the nearest
/// 8-bit code of its exact sRGB encoding. A 4096-bucket table gives the first candidate code and
/// at most a couple of comparisons against the exact rounding thresholds finish the job, so the
/// result matches `round(255 * encode(v))` without calling `pow`.
enum SRGB {
    /// Linear light for each 8-bit sRGB code.
    static let decodeTable: [Float] = (0..<256).map { Float(decode(Double($0) / 255)) }

    /// `thresholds[k]`: the linear value at which the code turns from `k` to `k + 1`
    /// (the decode of `(k + 0.5) / 255`). 255 entries, increasing.
    static let thresholds: [Float] = (0..<255).map { Float(decode((Double($0) + 0.5) / 255)) }

    static let bucketCount = 4096

    /// The code of the lower end of each bucket: `bucketStart[b]` encodes `b / bucketCount`.
    static let bucketStart: [UInt8] = {
        var table = [UInt8](repeating: 0, count: bucketCount + 1)
        var code = 0
        for b in 0...bucketCount {
            let v = Float(b) / Float(bucketCount)
            while code < 255 && v >= thresholds[code] { code += 1 }
            table[b] = UInt8(code)
        }
        return table
    }()

    /// sRGB (0…1) to linear light (0…1), exact.
    static func decode(_ v: Double) -> Double {
        v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }

    /// Linear light (0…1) to sRGB (0…1), exact.
    static func encode(_ v: Double) -> Double {
        v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
    }
}
