import AssetCore

/// A decoded raster source: straight RGBA8 pixels (the pipeline decodes the PNG elsewhere),
/// shared by every output size and every thread.
package final class RasterImage: Sendable {
    /// The decoded pixels, as given.
    package let bitmap: Bitmap
    /// Glyph work shared by the jobs drawn from this image (`GlyphMemo`).
    let glyphMemo = GlyphMemo()

    /// Wraps a decoded bitmap.
    package init(_ bitmap: Bitmap) {
        self.bitmap = bitmap
    }

    /// The source size in pixels.
    package var size: PixelSize { bitmap.size }
}
