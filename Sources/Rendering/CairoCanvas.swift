import AssetCore
import CCairo

/// A transparent ARGB32 image surface and a drawing context on it, owned together.
///
/// Cairo's pixels are premultiplied and native-endian; `bitmap()` converts them to straight
/// RGBA8 once, after drawing. The handles never leave the module.
final class CairoCanvas {
    /// Cairo's limit for an image surface side, in pixels.
    static let maximumSide = 32767

    let size: PixelSize
    private let surface: OpaquePointer
    /// The drawing context, valid while the canvas lives.
    let context: OpaquePointer

    /// A fully transparent canvas of `size`; throws when Cairo cannot make it.
    init(size: PixelSize) throws(RenderError) {
        guard (1...Self.maximumSide).contains(size.width), (1...Self.maximumSide).contains(size.height) else {
            throw .outputSize(size)
        }
        let surface: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width),
                                                               Int32(size.height))
        self.size = size
        (self.surface, self.context) = try Self.drawing(on: surface)
    }

    /// A context on `surface`, or an error (and both destroyed) when Cairo could not make them.
    private static func drawing(on surface: OpaquePointer) throws(RenderError) -> (OpaquePointer, OpaquePointer) {
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cairo(message: message(status))
        }
        let context: OpaquePointer = cairo_create(surface)
        let contextStatus = cairo_status(context)
        guard contextStatus == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            throw .cairo(message: message(contextStatus))
        }
        return (surface, context)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Throws when the context or the surface is in an error state.
    func checkStatus() throws(RenderError) {
        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(message: Self.message(status)) }
        let surfaceStatus = cairo_surface_status(surface)
        guard surfaceStatus == CAIRO_STATUS_SUCCESS else { throw .cairo(message: Self.message(surfaceStatus)) }
    }

    /// A transparent canvas drawing into `pixels` (`size.width * 4` bytes a row), memory the
    /// caller owns and keeps alive as long as the canvas (a sandbox worker's shared memory).
    init(size: PixelSize, over pixels: UnsafeMutableRawPointer) throws(RenderError) {
        guard (1...Self.maximumSide).contains(size.width), (1...Self.maximumSide).contains(size.height),
              Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(size.width))) == size.width * 4 else {
            throw .outputSize(size)
        }
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: size.width * 4 * size.height)
        let surface: OpaquePointer = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height),
            Int32(size.width * 4))
        self.size = size
        (self.surface, self.context) = try Self.drawing(on: surface)
    }

    /// Makes every drawing operation land in the pixel memory.
    func flush() {
        cairo_surface_flush(surface)
    }

    /// Lays a premultiplied ARGB32 layer of this canvas's size (rows of `width * 4` bytes) over
    /// it (OVER, in device space, inside the current clip). The layer is read, not copied.
    func paint(premultiplied pixels: UnsafeRawPointer) throws(RenderError) {
        let layer: OpaquePointer = cairo_image_surface_create_for_data(
            UnsafeMutablePointer(mutating: pixels.assumingMemoryBound(to: UInt8.self)), CAIRO_FORMAT_ARGB32,
            Int32(size.width), Int32(size.height), Int32(size.width * 4))
        defer { cairo_surface_destroy(layer) }
        guard cairo_surface_status(layer) == CAIRO_STATUS_SUCCESS else {
            throw .cairo(message: Self.message(cairo_surface_status(layer)))
        }
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_source_surface(context, layer, 0, 0)
        cairo_paint(context)
        cairo_restore(context)
        // The layer's memory belongs to the caller: finish reading it before returning.
        cairo_surface_flush(surface)
        try checkStatus()
    }

    /// The drawing as straight-alpha RGBA8, unpremultiplied with rounding.
    func bitmap() throws(RenderError) -> Bitmap {
        try checkStatus()
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            throw .cairo(message: "no pixel data")
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let width = size.width, height = size.height
        let raw = UnsafeRawPointer(data)
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, initialized in
            for y in 0..<height {
                let row = raw + y * stride
                var o = y * width * 4
                for x in 0..<width {
                    // ARGB32 is a native-endian 32-bit word: A in the top byte, then R, G, B.
                    let word = row.load(fromByteOffset: x * 4, as: UInt32.self)
                    let a = word >> 24
                    var r = (word >> 16) & 0xFF, g = (word >> 8) & 0xFF, b = word & 0xFF
                    if a == 0 {
                        r = 0; g = 0; b = 0
                    } else if a != 255 {
                        let half = a / 2
                        r = min(255, (r * 255 + half) / a)
                        g = min(255, (g * 255 + half) / a)
                        b = min(255, (b * 255 + half) / a)
                    }
                    out[o] = UInt8(truncatingIfNeeded: r)
                    out[o + 1] = UInt8(truncatingIfNeeded: g)
                    out[o + 2] = UInt8(truncatingIfNeeded: b)
                    out[o + 3] = UInt8(truncatingIfNeeded: a)
                    o += 4
                }
            }
            initialized = width * height * 4
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }

    static func message(_ status: cairo_status_t) -> String {
        String(cString: cairo_status_to_string(status))
    }
}
