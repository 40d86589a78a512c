import AssetCore

/// Deterministic bitmaps for encode tests.
enum TestBitmaps {
    /// A small xorshift generator: the same seed gives the same bytes on every platform.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next() >> 24) }
    }

    /// Smooth colour ramps with every alpha from 0 to 255, including fully transparent pixels
    /// whose colour is not black (straight alpha must keep it).
    static func ramps(width: Int, height: Int) -> Bitmap {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                pixels[i] = UInt8((x * 255) / max(width - 1, 1))
                pixels[i + 1] = UInt8((y * 255) / max(height - 1, 1))
                pixels[i + 2] = UInt8(((x + y) * 7) & 0xFF)
                pixels[i + 3] = UInt8((x * 31 + y * 17) & 0xFF)
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// Random bytes in every channel: compresses badly, so the encoder's output buffer must grow.
    static func noise(width: Int, height: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> Bitmap {
        var generator = Generator(state: seed)
        let pixels = (0..<width * height * 4).map { _ in generator.byte() }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    /// The bitmap with every alpha set to 255 and the colours unchanged.
    static func opaque(_ bitmap: Bitmap) -> Bitmap {
        var copy = bitmap
        for i in stride(from: 3, to: copy.pixels.count, by: 4) { copy.pixels[i] = 255 }
        return copy
    }
}
