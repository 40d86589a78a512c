/// Pixels in memory: straight (not premultiplied) RGBA, 8 bits a channel, rows top to bottom,
/// no padding. The one pixel format that crosses module boundaries.
package struct Bitmap: Hashable, Sendable {
    package let width: Int
    package let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel.
    package var pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4,
                     "internal error, please report: bitmap \(width)x\(height) with \(pixels.count) bytes")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A bitmap filled with one colour.
    package init(width: Int, height: Int, filledWith color: RGBAColor) {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = color.red
            pixels[i + 1] = color.green
            pixels[i + 2] = color.blue
            pixels[i + 3] = color.alpha
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    package var size: PixelSize { PixelSize(width: width, height: height) }

    /// The pixel at column `x`, row `y`.
    package func pixel(x: Int, y: Int) -> RGBAColor {
        let i = (y * width + x) * 4
        return RGBAColor(red: pixels[i], green: pixels[i + 1], blue: pixels[i + 2], alpha: pixels[i + 3])
    }

    /// True when every pixel has alpha 255.
    package var isOpaque: Bool {
        var i = 3
        while i < pixels.count {
            if pixels[i] != 255 { return false }
            i += 4
        }
        return true
    }
}
