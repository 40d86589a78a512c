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
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw .cairo(message: Self.message(status))
        }
        let context: OpaquePointer = cairo_create(surface)
        let contextStatus = cairo_status(context)
        guard contextStatus == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(context)
            cairo_surface_destroy(surface)
            throw .cairo(message: Self.message(contextStatus))
        }
        self.size = size
        self.surface = surface
        self.context = context
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

    /// The surface's bytes as Cairo keeps them (ARGB32 premultiplied), rows of `width * 4` bytes.
    func premultipliedBytes() throws(RenderError) -> [UInt8] {
        try checkStatus()
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw .cairo(message: "no pixel data") }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let rowBytes = size.width * 4
        return [UInt8](unsafeUninitializedCapacity: rowBytes * size.height) { out, initialized in
            for y in 0..<size.height {
                (out.baseAddress! + y * rowBytes).update(from: data + y * stride, count: rowBytes)
            }
            initialized = rowBytes * size.height
        }
    }

    /// Lays a premultiplied ARGB32 layer of this canvas's size over it (OVER, in device space,
    /// inside the current clip).
    func paint(premultiplied bytes: [UInt8]) throws(RenderError) {
        let rowBytes = size.width * 4
        guard bytes.count == rowBytes * size.height else {
            throw .cairo(message: "a drawn layer of \(bytes.count) bytes does not fit \(size)")
        }
        let layer: OpaquePointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(size.width), Int32(size.height))
        defer { cairo_surface_destroy(layer) }
        guard cairo_surface_status(layer) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(layer) else {
            throw .cairo(message: Self.message(cairo_surface_status(layer)))
        }
        let stride = Int(cairo_image_surface_get_stride(layer))
        bytes.withUnsafeBufferPointer { source in
            for y in 0..<size.height { (data + y * stride).update(from: source.baseAddress! + y * rowBytes, count: rowBytes) }
        }
        cairo_surface_mark_dirty(layer)
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_source_surface(context, layer, 0, 0)
        cairo_paint(context)
        cairo_restore(context)
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
