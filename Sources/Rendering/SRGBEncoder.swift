/// Fast exact encoding with the tables held as buffer pointers for the length of a loop.
struct SRGBEncoder {
    let thresholds: UnsafeBufferPointer<Float>
    let bucketStart: UnsafeBufferPointer<UInt8>

    /// Runs `body` with an encoder whose tables stay valid for the call.
    static func with<R>(_ body: (SRGBEncoder) throws -> R) rethrows -> R {
        try SRGB.thresholds.withUnsafeBufferPointer { t in
            try SRGB.bucketStart.withUnsafeBufferPointer { b in
                try body(SRGBEncoder(thresholds: t, bucketStart: b))
            }
        }
    }

    /// The nearest 8-bit sRGB code for linear value `v` (clamped to 0…1; NaN gives 0).
    @inline(__always)
    func encode(_ v: Float) -> UInt8 {
        guard v > 0 else { return 0 }
        guard v < 1 else { return 255 }
        var code = Int(bucketStart[Int(v * Float(SRGB.bucketCount))])
        while code < 255 && v >= thresholds[code] { code += 1 }
        return UInt8(truncatingIfNeeded: code)
    }
}
