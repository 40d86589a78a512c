import AssetCore

/// Pixels in linear light with premultiplied alpha, one `SIMD4<Float>` (R, G, B, A, each 0…1) per
/// pixel, rows top to bottom. The working form for resampling; it never leaves the module as pixels
/// to encode (that is `Bitmap`'s job).
package struct LinearImage: Sendable {
    package let width: Int
    package let height: Int
    /// `width * height` pixels.
    package let pixels: [SIMD4<Float>]

    /// Decodes a straight-alpha sRGB bitmap: each colour channel through the sRGB table, then
    /// multiplied by alpha (alpha itself is linear already).
    package init(_ bitmap: Bitmap) {
        width = bitmap.width
        height = bitmap.height
        let count = bitmap.width * bitmap.height
        pixels = [SIMD4<Float>](unsafeUninitializedCapacity: count) { out, initialized in
            SRGB.decodeTable.withUnsafeBufferPointer { table in
                bitmap.pixels.withUnsafeBufferPointer { src in
                    for i in 0..<count {
                        let p = i &* 4
                        let a = Float(src[p &+ 3]) * (1 / 255)
                        out[i] = SIMD4(table[Int(src[p])] * a, table[Int(src[p &+ 1])] * a,
                                       table[Int(src[p &+ 2])] * a, a)
                    }
                }
            }
            initialized = count
        }
    }
}
