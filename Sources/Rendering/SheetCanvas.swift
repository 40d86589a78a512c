import AssetCore
import CCairo

/// A drawing surface for pictures Assetsmith composes itself (the preview sheet): filled and
/// rounded rectangles, ellipses, lines, text through Cairo's toy font API ("DejaVu Sans", from
/// Debian's fonts-dejavu-core; any sans-serif elsewhere) and bitmaps, placed at whole pixels,
/// optionally tinted (a template image painted in one colour through its alpha) or dimmed.
/// Coordinates are pixels; nothing is scaled behind the caller's back.
package final class SheetCanvas {
    private let canvas: CairoCanvas
    private var context: OpaquePointer { canvas.context }

    package var size: PixelSize { canvas.size }

    /// An opaque canvas filled with `background`.
    package init(size: PixelSize, background: RGBAColor) throws(RenderError) {
        canvas = try CairoCanvas(size: size)
        fill(x: 0, y: 0, width: Double(size.width), height: Double(size.height), background)
    }

    private func setColor(_ color: RGBAColor) {
        cairo_set_source_rgba(context, Double(color.red) / 255, Double(color.green) / 255,
                              Double(color.blue) / 255, Double(color.alpha) / 255)
    }

    package func fill(x: Double, y: Double, width: Double, height: Double, _ color: RGBAColor) {
        setColor(color)
        cairo_rectangle(context, x, y, width, height)
        cairo_fill(context)
    }

    package func fillRounded(x: Double, y: Double, width: Double, height: Double, radius: Double, _ color: RGBAColor) {
        roundedPath(x: x, y: y, width: width, height: height, radius: radius)
        setColor(color)
        cairo_fill(context)
    }

    package func strokeRounded(x: Double, y: Double, width: Double, height: Double, radius: Double,
                               lineWidth: Double, _ color: RGBAColor) {
        roundedPath(x: x, y: y, width: width, height: height, radius: radius)
        setColor(color)
        cairo_set_line_width(context, lineWidth)
        cairo_stroke(context)
    }

    package func fillEllipse(x: Double, y: Double, width: Double, height: Double, _ color: RGBAColor) {
        let radius = min(width, height) / 2
        roundedPath(x: x, y: y, width: width, height: height, radius: radius)
        setColor(color)
        cairo_fill(context)
    }

    package func line(from start: (Double, Double), to end: (Double, Double), width: Double, _ color: RGBAColor) {
        setColor(color)
        cairo_set_line_width(context, width)
        cairo_move_to(context, start.0, start.1)
        cairo_line_to(context, end.0, end.1)
        cairo_stroke(context)
    }

    /// Vertical gradient from `top` to `bottom` over the rectangle.
    package func fillGradient(x: Double, y: Double, width: Double, height: Double, top: RGBAColor, bottom: RGBAColor) {
        guard let pattern = cairo_pattern_create_linear(0, y, 0, y + height) else { return }
        defer { cairo_pattern_destroy(pattern) }
        for (offset, color) in [(0.0, top), (1.0, bottom)] {
            cairo_pattern_add_color_stop_rgba(pattern, offset, Double(color.red) / 255, Double(color.green) / 255,
                                              Double(color.blue) / 255, Double(color.alpha) / 255)
        }
        cairo_set_source(context, pattern)
        cairo_rectangle(context, x, y, width, height)
        cairo_fill(context)
    }

    /// Draws `text` with its baseline at `y`; returns its advance width in pixels.
    @discardableResult
    package func text(_ text: String, x: Double, y: Double, size: Double, bold: Bool = false,
                      _ color: RGBAColor) -> Double {
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                               bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
        setColor(color)
        cairo_move_to(context, x, y)
        cairo_show_text(context, text)
        return textWidth(text, size: size, bold: bold)
    }

    /// The advance width of `text` at `size`.
    package func textWidth(_ text: String, size: Double, bold: Bool = false) -> Double {
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                               bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        return extents.x_advance
    }

    /// Draws `bitmap` 1:1 with its top-left corner at whole pixel (`x`, `y`). With `tint`, only the
    /// bitmap's alpha is used and painted in that colour (how UIKit draws a template image).
    /// With `cornerRadius`, the picture is clipped to a rounded rectangle (an icon as the home screen masks it).
    package func draw(_ bitmap: Bitmap, x: Int, y: Int, tint: RGBAColor? = nil, opacity: Double = 1, cornerRadius: Double = 0) {
        guard let surface = Self.surface(for: bitmap) else { return }
        defer { cairo_surface_destroy(surface) }
        cairo_save(context)
        if cornerRadius > 0 {
            roundedPath(x: Double(x), y: Double(y), width: Double(bitmap.width), height: Double(bitmap.height), radius: cornerRadius)
            cairo_clip(context)
        }
        if let tint {
            cairo_set_source_rgba(context, Double(tint.red) / 255, Double(tint.green) / 255, Double(tint.blue) / 255,
                                  Double(tint.alpha) / 255 * opacity)
            cairo_mask_surface(context, surface, Double(x), Double(y))
        } else {
            cairo_set_source_surface(context, surface, Double(x), Double(y))
            cairo_paint_with_alpha(context, opacity)
        }
        cairo_restore(context)
    }

    /// Draws `bitmap` scaled to fit `width`×`height` (for thumbnails), centred, area-averaged by
    /// Cairo's GOOD filter (fine for a preview, never used for assets).
    package func drawThumbnail(_ bitmap: Bitmap, x: Double, y: Double, width: Double, height: Double,
                               cornerRadius: Double = 0) {
        guard let surface = Self.surface(for: bitmap) else { return }
        defer { cairo_surface_destroy(surface) }
        let scale = min(width / Double(bitmap.width), height / Double(bitmap.height))
        let drawnWidth = Double(bitmap.width) * scale, drawnHeight = Double(bitmap.height) * scale
        cairo_save(context)
        if cornerRadius > 0 {
            roundedPath(x: (x + (width - drawnWidth) / 2).rounded(), y: (y + (height - drawnHeight) / 2).rounded(),
                        width: drawnWidth, height: drawnHeight, radius: cornerRadius)
            cairo_clip(context)
        }
        cairo_translate(context, (x + (width - drawnWidth) / 2).rounded(), (y + (height - drawnHeight) / 2).rounded())
        cairo_scale(context, scale, scale)
        cairo_set_source_surface(context, surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(context), CAIRO_FILTER_GOOD)
        cairo_paint(context)
        cairo_restore(context)
    }

    /// The finished picture, straight RGBA8.
    package func bitmap() throws(RenderError) -> Bitmap {
        try canvas.bitmap()
    }

    private func roundedPath(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        let r = max(0, min(radius, min(width, height) / 2))
        cairo_new_sub_path(context)
        cairo_arc(context, x + width - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(context, x + width - r, y + height - r, r, 0, Double.pi / 2)
        cairo_arc(context, x + r, y + height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(context, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(context)
    }

    /// A premultiplied ARGB32 Cairo surface holding `bitmap` (the caller destroys it).
    private static func surface(for bitmap: Bitmap) -> OpaquePointer? {
        let surface: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(bitmap.width),
                                                               Int32(bitmap.height))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<bitmap.height {
                let row = UnsafeMutableRawPointer(data + y * stride)
                for x in 0..<bitmap.width {
                    let i = (y * bitmap.width + x) * 4
                    let a = UInt32(pixels[i + 3])
                    let r = (UInt32(pixels[i]) * a + 127) / 255
                    let g = (UInt32(pixels[i + 1]) * a + 127) / 255
                    let b = (UInt32(pixels[i + 2]) * a + 127) / 255
                    row.storeBytes(of: a << 24 | r << 16 | g << 8 | b, toByteOffset: x * 4, as: UInt32.self)
                }
            }
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
