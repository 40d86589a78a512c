import AssetCore
import AssetPlan
import CCairo
import CRsvgShim
import Foundation

/// A parsed SVG, or a page of a PDF (`PDFPage`), ready to be drawn at any size: parse once,
/// render many. A PDF page's intrinsic size is its size in points.
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

    /// The file and, for a PDF, the page.
    package let file: VectorSourceFile

    /// The librsvg handle when an SVG is drawn in this process; nil otherwise.
    private let handle: UnsafeMutableRawPointer?
    /// The poppler page when a PDF is drawn in this process; nil otherwise.
    private let pdf: PDFPage?
    private let sandbox: VectorSandbox?
    private let lock = NSLock()
    /// Glyph work shared by the jobs drawn from this document (`GlyphMemo`).
    let glyphMemo = GlyphMemo()

    /// The SVG document at `path`, measured and later drawn by `sandbox` (worker processes).
    package convenience init(path: String, sandbox: VectorSandbox) throws(RenderError) {
        try self.init(file: VectorSourceFile(path: path), sandbox: sandbox)
    }

    /// The document `file`, measured and later drawn by `sandbox` (worker processes), so that
    /// nothing librsvg or poppler does with this file runs in this process.
    package init(file: VectorSourceFile, sandbox: VectorSandbox) throws(RenderError) {
        let measure = try sandbox.measure(file)
        self.path = file.path
        self.file = file
        self.handle = nil
        self.pdf = nil
        self.sandbox = sandbox
        self.intrinsicWidth = measure.width
        self.intrinsicHeight = measure.height
    }

    /// The document `file`, parsed in this process: an SVG by librsvg, a PDF page by poppler-glib.
    package convenience init(file: VectorSourceFile) throws(RenderError) {
        if file.isPDF {
            try self.init(pdf: PDFPage(path: file.path, pageNumber: file.page), file: file)
        } else {
            try self.init(path: file.path, layer: file.layer)
        }
    }

    private init(pdf: PDFPage, file: VectorSourceFile) {
        self.path = file.path
        self.file = file
        self.handle = nil
        self.pdf = pdf
        self.sandbox = nil
        self.intrinsicWidth = pdf.width
        self.intrinsicHeight = pdf.height
    }

    /// Loads and parses the SVG at `path`.
    ///
    /// Throws `.unreadable` when the file cannot be read, `.svgInvalid` with librsvg's message
    /// when it does not parse, `.svgWithoutSize` when it declares no size, and `.tooLarge` when
    /// a side is above `maximumSide`.
    package convenience init(path: String) throws(RenderError) {
        try self.init(path: path, layer: nil)
    }

    /// Opens librsvg and starts what its first document starts (`rsvgshim_warm_up`) now instead
    /// of at the first SVG, some milliseconds: a worker started ahead of its first request does
    /// it while it waits (issue 38: one edited SVG's build waited for it).
    package static func warmUp() {
        rsvgshim_warm_up()
    }

    /// Loads and parses the SVG at `path`, to be drawn whole or, with `layer`, only that element.
    private init(path: String, layer: String?) throws(RenderError) {
        if let problem = Self.unreadableReason(path) {
            throw .unreadable(path: path, message: problem)
        }
        if let problem = rsvgshim_unavailable() {
            throw .svgInvalid(path: path, message: "librsvg, which reads svg files, cannot be loaded: \(String(cString: problem))")
        }
        var error: UnsafeMutablePointer<GError>?
        guard let handle = rsvgshim_new_from_path(path, &error) else {
            throw .svgInvalid(path: path, message: Self.take(error))
        }
        rsvgshim_set_dpi(handle, 96)

        var width = 0.0, height = 0.0
        if rsvgshim_intrinsic_size_in_pixels(handle, &width, &height) == 0 || !(width > 0 && height > 0) {
            rsvgshim_viewbox_size(handle, &width, &height)
        }
        guard width > 0, height > 0, width.isFinite, height.isFinite else {
            rsvgshim_release(handle)
            throw .svgWithoutSize(path: path)
        }
        guard width <= Double(Self.maximumSide), height <= Double(Self.maximumSide) else {
            rsvgshim_release(handle)
            throw .tooLarge(path: path, size: PixelSize(width: Self.clampedSide(width.rounded(.up)),
                                                        height: Self.clampedSide(height.rounded(.up))))
        }
        self.path = path
        self.file = VectorSourceFile(path: path, layer: layer)
        self.handle = handle
        self.pdf = nil
        self.sandbox = nil
        self.intrinsicWidth = width
        self.intrinsicHeight = height
    }

    deinit {
        if let handle { rsvgshim_release(handle) }
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
            try sandbox.draw(file, size: canvas.size, matrix: matrix) { (pixels: UnsafeRawPointer) throws(RenderError) in
                try canvas.paint(premultiplied: pixels)
            }
        } else {
            try drawDocument(on: canvas.context, matrix: matrix)
            try canvas.checkStatus()
        }
    }

    /// The document as a PDF page or an SVG document of `page` points, drawn into `placement`
    /// (in points on that page): the file's bytes. Made by a worker when there is a sandbox.
    package func export(as format: VectorFileFormat, page: VectorMeasure, placement: VectorPlacement) throws(RenderError) -> Data {
        let matrix = [placement.width / intrinsicWidth, 0, 0, placement.height / intrinsicHeight, placement.x, placement.y]
        if let sandbox {
            return try sandbox.export(file, as: format, page: page, matrix: matrix)
        }
        return try exportDocument(as: format, page: page, matrix: matrix)
    }

    /// `export` in this process.
    func exportDocument(as format: VectorFileFormat, page: VectorMeasure, matrix: [Double]) throws(RenderError) -> Data {
        try VectorExporter.export(format, width: page.width, height: page.height) { (context: OpaquePointer) throws(RenderError) in
            try drawDocument(on: context, matrix: matrix)
        }
    }

    /// Renders the document in this process (librsvg or poppler), the context set to `matrix`.
    func drawDocument(on cr: OpaquePointer, matrix: [Double]) throws(RenderError) {
        guard matrix.count == 6 else {
            throw .svgRender(path: path, message: "internal error, please report: no matrix to draw with")
        }
        if let pdf {
            pdf.draw(on: cr, matrix: matrix)
            let status = cairo_status(cr)
            guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(message: CairoCanvas.message(status)) }
            return
        }
        guard let handle else {
            throw .svgRender(path: path, message: "internal error, please report: no document to draw")
        }
        cairo_save(cr)
        var m = cairo_matrix_t(xx: matrix[0], yx: matrix[1], xy: matrix[2], yy: matrix[3], x0: matrix[4], y0: matrix[5])
        cairo_set_matrix(cr, &m)
        var error: UnsafeMutablePointer<GError>?
        lock.lock()
        let ok = rsvgshim_render(handle, UnsafeMutableRawPointer(cr), file.layer.map { "#" + $0 }, 0, 0,
                                 intrinsicWidth, intrinsicHeight, &error)
        lock.unlock()
        cairo_restore(cr)
        if ok == 0 {
            throw .svgRender(path: path, message: Self.take(error))
        }
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(message: CairoCanvas.message(status)) }
    }

    /// The whole document drawn onto a transparent canvas of `size`, stretched to it, as straight
    /// RGBA8 (for the preview sheet).
    package func bitmap(size: PixelSize) throws(RenderError) -> Bitmap {
        let canvas = try CairoCanvas(size: size)
        try draw(on: canvas, at: Placement(x: 0, y: 0, width: Double(size.width), height: Double(size.height)))
        return try canvas.bitmap()
    }

    /// The document drawn onto a transparent canvas of `size`, `scale` px per px of its own and its
    /// origin at (`x`, `y`), straight RGBA8 (for the preview's symbol variants, drawn at the
    /// template's own scale however wide the canvas).
    package func bitmap(size: PixelSize, scale: Double, x: Double, y: Double) throws(RenderError) -> Bitmap {
        let canvas = try CairoCanvas(size: size)
        try draw(on: canvas, at: Placement(x: x, y: y, width: intrinsicWidth * scale, height: intrinsicHeight * scale))
        return try canvas.bitmap()
    }

    /// The document as a new SVG file with no external references: librsvg draws it onto Cairo's
    /// SVG surface (`export`, at its intrinsic size), which writes only paths, gradients and
    /// embedded (`data:`) images. Whatever the source referred to (images, stylesheets, fonts) is
    /// resolved by librsvg under its usual rules (the SVG's own folder only, never the network) and
    /// baked in; text becomes outlines. This is how an Icon Composer layer is sanitised: a real
    /// renderer re-serialises it, nothing edits the XML.
    package func rewrittenSVG() throws(RenderError) -> [UInt8] {
        let page = VectorMeasure(width: intrinsicWidth, height: intrinsicHeight)
        let identity: [Double] = [1, 0, 0, 1, 0, 0]
        if let sandbox { return [UInt8](try sandbox.export(file, as: .svg, page: page, matrix: identity)) }
        return [UInt8](try exportDocument(as: .svg, page: page, matrix: identity))
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

/// Where a drawing goes on a vector page, in points: its box (the drawing is stretched to it).
package struct VectorPlacement: Hashable, Sendable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double

    /// `contain` (aspect kept, centred) or `fill` (stretched) of a `source`-sized drawing on `page`.
    package static func fitting(source: VectorMeasure, in page: VectorMeasure, fill: Bool) -> VectorPlacement {
        if fill { return VectorPlacement(x: 0, y: 0, width: page.width, height: page.height) }
        let scale = min(page.width / source.width, page.height / source.height)
        let width = source.width * scale, height = source.height * scale
        return VectorPlacement(x: (page.width - width) / 2, y: (page.height - height) / 2, width: width, height: height)
    }
}

extension VectorImage {
    /// The whole document drawn at `scale` pixels per point (its intrinsic size × `scale`, rounded,
    /// at least 1 px a side), straight RGBA8: how Xcode renders a vector image set at that scale.
    package func bitmap(scale: Double) throws(RenderError) -> Bitmap {
        let size = PixelSize(width: max(1, Int((intrinsicWidth * scale).rounded())),
                             height: max(1, Int((intrinsicHeight * scale).rounded())))
        let canvas = try CairoCanvas(size: size)
        try draw(on: canvas, at: Placement(x: 0, y: 0, width: Double(size.width), height: Double(size.height)))
        return try canvas.bitmap()
    }
}
