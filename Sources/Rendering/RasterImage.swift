import AssetCore

/// A decoded raster source: straight RGBA8 pixels (the pipeline decodes the PNG elsewhere).
///
/// The linear-light premultiplied form that resampling needs is computed once, on first use,
/// and shared by every output size and every thread.
package final class RasterImage: Sendable {
    /// The decoded pixels, as given.
    package let bitmap: Bitmap
    private let linear: LazyValue<LinearImage>
    /// Glyph work shared by the jobs drawn from this image (`GlyphMemo`).
    let glyphMemo = GlyphMemo()

    /// Wraps a decoded bitmap. Cheap: the linear form waits until a resize needs it.
    package init(_ bitmap: Bitmap) {
        self.bitmap = bitmap
        self.linear = LazyValue { LinearImage(bitmap) }
    }

    /// The source size in pixels.
    package var size: PixelSize { bitmap.size }

    /// The pixels in linear light, premultiplied; computed on first access, then reused.
    package var linearPixels: LinearImage { linear.get() }
}
