import AssetCore

extension Bitmap {
    /// Composites the pixels over an opaque `background` in sRGB space ("over" on straight
    /// values, as Cairo and browsers blend) and makes every pixel opaque. The background's own
    /// alpha is ignored: flattening always yields alpha 255.
    mutating func flatten(onto background: RGBAColor) {
        // Read before writing: an opaque bitmap shared with its source (a 1:1 copy) stays shared.
        if isOpaque { return }
        let bg = (UInt32(background.red), UInt32(background.green), UInt32(background.blue))
        let count = width * height
        pixels.withUnsafeMutableBufferPointer { p in
            for i in 0..<count {
                let o = i &* 4
                let a = UInt32(p[o &+ 3])
                if a == 255 { continue }
                let rest = 255 - a
                p[o] = UInt8(truncatingIfNeeded: (UInt32(p[o]) * a + bg.0 * rest + 127) / 255)
                p[o &+ 1] = UInt8(truncatingIfNeeded: (UInt32(p[o &+ 1]) * a + bg.1 * rest + 127) / 255)
                p[o &+ 2] = UInt8(truncatingIfNeeded: (UInt32(p[o &+ 2]) * a + bg.2 * rest + 127) / 255)
                p[o &+ 3] = 255
            }
        }
    }

    /// Replaces each colour by its luminance (R = G = B), alpha kept. Luminance is the Rec. 709 /
    /// sRGB weighting (0.2126, 0.7152, 0.0722) of linear-light values, encoded back to sRGB, so a
    /// colour and its grey have the same relative luminance.
    package mutating func applyGreyscale() {
        let count = width * height
        pixels.withUnsafeMutableBufferPointer { p in
            SRGB.decodeTable.withUnsafeBufferPointer { table in
                SRGBEncoder.with { encoder in
                    for i in 0..<count {
                        let o = i &* 4
                        let y = 0.2126 * table[Int(p[o])] + 0.7152 * table[Int(p[o &+ 1])]
                            + 0.0722 * table[Int(p[o &+ 2])]
                        let v = encoder.encode(y)
                        p[o] = v
                        p[o &+ 1] = v
                        p[o &+ 2] = v
                    }
                }
            }
        }
    }
}
