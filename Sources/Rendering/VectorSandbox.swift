import AssetCore
import Foundation

/// A vector source file: an SVG document, or one page of a PDF.
package struct VectorSourceFile: Sendable, Hashable, Codable {
    /// The file, as given.
    package var path: String
    /// True for a PDF (poppler-glib), false for an SVG (librsvg).
    package var isPDF: Bool
    /// The PDF page drawn, from 1; ignored for SVG.
    package var page: Int
    /// For an SVG, the one element drawn (its id, without `#`) where the whole document would be,
    /// with its ancestors' transforms (librsvg's `render_layer`): the preview draws a symbol
    /// template's variant groups (`Regular-S`) this way. nil: the whole document.
    package var layer: String?

    package init(path: String, isPDF: Bool = false, page: Int = 1, layer: String? = nil) {
        self.path = path
        self.isPDF = isPDF
        self.page = page
        self.layer = layer
    }
}

/// Who parses and draws vector documents (SVG with librsvg, PDF with poppler-glib). By default
/// they run in this process; the CLI installs a sandbox of worker processes, so that a crash, a
/// stack overflow or an endless render inside a C library costs one asset instead of the build
/// (or a watch session).
package protocol VectorSandbox: AnyObject, Sendable {
    /// The document's intrinsic size (px for SVG, points for a PDF page), or the error loading it gives.
    func measure(_ file: VectorSourceFile) throws(RenderError) -> VectorMeasure
    /// The document drawn on a transparent canvas of `size`, under `matrix`, Cairo's affine
    /// (xx, yx, xy, yy, x0, y0) from the document's intrinsic viewport to canvas pixels. `use` is
    /// given the drawing as Cairo ARGB32 (premultiplied, native-endian words), rows of
    /// `size.width * 4` bytes, valid only during the call.
    func draw(_ file: VectorSourceFile, size: PixelSize, matrix: [Double],
              use: (UnsafeRawPointer) throws(RenderError) -> Void) throws(RenderError)
    /// The document drawn under `matrix` onto a `page` (points) PDF page or SVG document made by
    /// Cairo: the bytes of that file.
    func export(_ file: VectorSourceFile, as format: VectorFileFormat, page: VectorMeasure,
                matrix: [Double]) throws(RenderError) -> Data
    /// Gets ready for `count` documents to be drawn soon (a sandbox of processes starts them now,
    /// in the background); nothing for one that draws in this process.
    func prestart(_ count: Int)
}

extension VectorSandbox {
    package func prestart(_ count: Int) {}
}

/// An SVG document's intrinsic size in CSS px, or a PDF page's in points (may be fractional).
package struct VectorMeasure: Sendable, Hashable, Codable {
    package var width: Double
    package var height: Double

    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// librsvg and poppler-glib in this process, for a sandbox's worker: `measure`, `draw` and
/// `export` as the protocol says. Keeps the last few documents parsed (by file, size and
/// modification time).
package final class InProcessVectors: @unchecked Sendable {
    private var cache: [(file: VectorSourceFile, stamp: [Int], image: VectorImage)] = []

    package init() {}

    package func measure(_ file: VectorSourceFile) throws(RenderError) -> VectorMeasure {
        let image = try load(file)
        return VectorMeasure(width: image.intrinsicWidth, height: image.intrinsicHeight)
    }

    /// Draws into `pixels`, memory of `size.width * 4 * size.height` bytes (cleared first).
    package func draw(_ file: VectorSourceFile, size: PixelSize, matrix: [Double],
                      into pixels: UnsafeMutableRawPointer) throws(RenderError) {
        let image = try load(file)
        let canvas = try CairoCanvas(size: size, over: pixels)
        try image.drawDocument(on: canvas.context, matrix: matrix)
        try canvas.checkStatus()
        canvas.flush()
    }

    /// The bytes of the PDF or SVG file the document drawn onto `page` makes.
    package func export(_ file: VectorSourceFile, as format: VectorFileFormat, page: VectorMeasure,
                        matrix: [Double]) throws(RenderError) -> Data {
        let image = try load(file)
        return try image.exportDocument(as: format, page: page, matrix: matrix)
    }

    private func load(_ file: VectorSourceFile) throws(RenderError) -> VectorImage {
        let stamp = FileStamp.of(file.path)
        if let hit = cache.first(where: { $0.file == file && $0.stamp == stamp }) { return hit.image }
        let image = try VectorImage(file: file)
        cache.removeAll { $0.file == file }
        cache.append((file, stamp, image))
        if cache.count > 8 { cache.removeFirst() }
        return image
    }
}
