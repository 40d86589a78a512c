import AssetCore
import AssetPlan
import CCairo
import CRsvg
import Foundation

/// A parsed SVG, ready to be drawn at any size: parse once, render many.
///
/// Owns an `RsvgHandle` loaded from a file with the default (safe) flags: libxml2's parser
/// limits stay on, and the file is the base for relative references, so librsvg 2.54 only
/// loads images, stylesheets and includes that sit in the SVG's own folder or below it, plus
/// `data:` URLs. It never touches the network and never follows `..` or absolute paths out
/// of that folder; such references are drawn as nothing.
///
/// librsvg handles must not be used by two threads at once, so every call on the handle is
/// made under a lock: renders from several threads run one after another.
package final class VectorImage: @unchecked Sendable {
    /// The largest declared size accepted, in px a side.
    package static let maximumSide = 16384

    /// The file the document came from, as given.
    package let path: String
    /// The intrinsic size in px (CSS px at 96 dpi): width and height when the document gives
    /// them in absolute units, otherwise the viewBox size. May be fractional.
    package let intrinsicWidth: Double
    /// The intrinsic height in px, found the same way as `intrinsicWidth`.
    package let intrinsicHeight: Double

    /// The librsvg handle when the document is drawn in this process; nil when a sandbox draws it.
    private let handle: UnsafeMutablePointer<RsvgHandle>?
    private let sandbox: VectorSandbox?
    private let lock = NSLock()

    /// The document at `path`, measured and later drawn by `sandbox` (worker processes), so that
    /// nothing librsvg does with this file runs in this process.
    package init(path: String, sandbox: VectorSandbox) throws(RenderError) {
        let measure = try sandbox.measure(path: path)
        self.path = path
        self.handle = nil
        self.sandbox = sandbox
        self.intrinsicWidth = measure.width
        self.intrinsicHeight = measure.height
    }

    /// Loads and parses the SVG at `path`.
    ///
    /// Throws `.unreadable` when the file cannot be read, `.svgInvalid` with librsvg's message
    /// when it does not parse, `.svgWithoutSize` when it declares no size, and `.tooLarge` when
    /// a side is above `maximumSide`.
    package init(path: String) throws(RenderError) {
        if let problem = Self.unreadableReason(path) {
            throw .unreadable(path: path, message: problem)
        }
        let file: OpaquePointer = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        var error: UnsafeMutablePointer<GError>?
        guard let handle = rsvg_handle_new_from_gfile_sync(file, RSVG_HANDLE_FLAGS_NONE, nil, &error) else {
            throw .svgInvalid(path: path, message: Self.take(error))
        }
        rsvg_handle_set_dpi(handle, 96)

        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 || !(width > 0 && height > 0) {
            var hasViewBox: gboolean = 0
            var viewBox = RsvgRectangle()
            rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            width = hasViewBox != 0 ? viewBox.width : 0
            height = hasViewBox != 0 ? viewBox.height : 0
        }
        guard width > 0, height > 0, width.isFinite, height.isFinite else {
            g_object_unref(UnsafeMutableRawPointer(handle))
            throw .svgWithoutSize(path: path)
        }
        guard width <= Double(Self.maximumSide), height <= Double(Self.maximumSide) else {
            g_object_unref(UnsafeMutableRawPointer(handle))
            throw .tooLarge(path: path, size: PixelSize(width: Self.clampedSide(width.rounded(.up)),
                                                        height: Self.clampedSide(height.rounded(.up))))
        }
        self.path = path
        self.handle = handle
        self.sandbox = nil
        self.intrinsicWidth = width
        self.intrinsicHeight = height
    }

    deinit {
        if let handle { g_object_unref(UnsafeMutableRawPointer(handle)) }
    }

    /// The intrinsic size rounded to whole pixels (at least 1 a side): what a source of this
    /// drawing "is" when sizes are compared.
    package var size: PixelSize {
        PixelSize(width: max(1, Int(intrinsicWidth.rounded())), height: max(1, Int(intrinsicHeight.rounded())))
    }

    /// A size with the exact aspect ratio of the drawing, for `Fit.placement`, which depends
    /// only on the ratio. Integral intrinsic sizes are used as they are; fractional ones are
    /// scaled up before rounding so the ratio survives.
    var aspectSize: PixelSize {
        if intrinsicWidth == intrinsicWidth.rounded() && intrinsicHeight == intrinsicHeight.rounded() {
            return size
        }
        return PixelSize(width: max(1, Int((intrinsicWidth * 4096).rounded())),
                         height: max(1, Int((intrinsicHeight * 4096).rounded())))
    }

    /// Draws the whole document onto `canvas`, stretched to `placement` (output pixels).
    ///
    /// The document is laid out in a viewport of its intrinsic size and the context is scaled
    /// to the placement, so a `fill` placement with another aspect ratio stretches the drawing
    /// rather than letterboxing it. Vector all the way: nothing is rasterised and resized.
    func draw(on canvas: CairoCanvas, at placement: Placement) throws(RenderError) {
        guard placement.width > 0, placement.height > 0 else { return }
        let cr = canvas.context
        cairo_save(cr)
        cairo_translate(cr, placement.x, placement.y)
        cairo_scale(cr, placement.width / intrinsicWidth, placement.height / intrinsicHeight)
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        cairo_restore(cr)
        let matrix = [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0]
        if let sandbox {
            // Drawn elsewhere on a transparent layer of the canvas's size, then laid over it.
            try sandbox.draw(path: path, size: canvas.size, matrix: matrix) { (pixels: UnsafeRawPointer) throws(RenderError) in
                try canvas.paint(premultiplied: pixels)
            }
        } else {
            try drawDocument(on: canvas, matrix: matrix)
        }
    }

    /// Renders the document through librsvg in this process, the context set to `matrix`.
    func drawDocument(on canvas: CairoCanvas, matrix: [Double]) throws(RenderError) {
        guard let handle, matrix.count == 6 else {
            throw .svgRender(path: path, message: "internal error, please report: no document to draw")
        }
        let cr = canvas.context
        cairo_save(cr)
        var m = cairo_matrix_t(xx: matrix[0], yx: matrix[1], xy: matrix[2], yy: matrix[3], x0: matrix[4], y0: matrix[5])
        cairo_set_matrix(cr, &m)
        var viewport = RsvgRectangle(x: 0, y: 0, width: intrinsicWidth, height: intrinsicHeight)
        var error: UnsafeMutablePointer<GError>?
        lock.lock()
        let ok = rsvg_handle_render_document(handle, cr, &viewport, &error)
        lock.unlock()
        cairo_restore(cr)
        if ok == 0 {
            throw .svgRender(path: path, message: Self.take(error))
        }
        try canvas.checkStatus()
    }

    /// The whole document drawn onto a transparent canvas of `size`, stretched to it, as straight
    /// RGBA8 (for the preview sheet).
    package func bitmap(size: PixelSize) throws(RenderError) -> Bitmap {
        let canvas = try CairoCanvas(size: size)
        try draw(on: canvas, at: Placement(x: 0, y: 0, width: Double(size.width), height: Double(size.height)))
        return try canvas.bitmap()
    }

    /// The document as a new SVG file with no external references: librsvg draws it onto Cairo's
    /// SVG surface, which writes only paths, gradients and embedded (`data:`) images. Whatever the
    /// source referred to (images, stylesheets, fonts) is resolved by librsvg under its usual
    /// rules (the SVG's own folder only, never the network) and baked in; text becomes outlines.
    /// This is how an Icon Composer layer is sanitised: a real renderer re-serialises it, nothing
    /// edits the XML. Cairo numbers the drawing's elements with a per-process counter, so the
    /// same source gives the same bytes only in a fresh process (the sandbox's worker exits after
    /// each rewrite for that reason).
    package func rewrittenSVG() throws(RenderError) -> [UInt8] {
        if let sandbox { return try sandbox.rewrite(path: path) }
        return try writeSVGDocument()
    }

    /// `rewrittenSVG` in this process.
    func writeSVGDocument() throws(RenderError) -> [UInt8] {
        guard let handle else {
            throw .svgRender(path: path, message: "internal error, please report: no document to rewrite")
        }
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let surface: OpaquePointer? = withExtendedLifetime(sink) {
            cairo_svg_surface_create_for_stream({ closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes
                    .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque(), intrinsicWidth, intrinsicHeight)
        }
        guard let surface else { throw .cairo(message: "cannot create an SVG surface") }
        cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
        cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        let cr = cairo_create(surface)
        var viewport = RsvgRectangle(x: 0, y: 0, width: intrinsicWidth, height: intrinsicHeight)
        var error: UnsafeMutablePointer<GError>?
        lock.lock()
        let ok = rsvg_handle_render_document(handle, cr, &viewport, &error)
        lock.unlock()
        let status = cairo_status(cr)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        let surfaceStatus = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        if ok == 0 { throw .svgRender(path: path, message: Self.take(error)) }
        for code in [status, surfaceStatus] where code != CAIRO_STATUS_SUCCESS {
            throw .cairo(message: String(cString: cairo_status_to_string(code)))
        }
        return withExtendedLifetime(sink) { sink.bytes }
    }

    /// The message of a `GError`, which is freed.
    private static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        let message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
        return message.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Why `path` cannot be read as a file (the system's `strerror` text), or nil when it can.
    /// librsvg folds I/O failures into its own parse error, so this is checked first.
    private static func unreadableReason(_ path: String) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return String(cString: strerror(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return String(cString: strerror(errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return String(cString: strerror(EISDIR)) }
        return nil
    }

    private static func clampedSide(_ value: Double) -> Int {
        value < Double(Int32.max) ? Int(value) : Int(Int32.max)
    }
}
