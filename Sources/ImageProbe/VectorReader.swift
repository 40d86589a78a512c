import Foundation
#if os(Linux)
internal import CPopplerShim
#elseif canImport(CoreGraphics)
import CoreGraphics
#endif

/// Whether a vector file (PDF, SVG) can be read at all, and its size in points: a PDF through
/// poppler-glib on Linux and CoreGraphics (`CGPDFDocument`) on macOS, the first page's media box; an
/// SVG through librsvg's gdk-pixbuf loader on Linux (its width and height), not read on macOS.
/// Vectors take no part in scale arithmetic; this only tells a broken file from a good one.
package enum VectorReader {
    /// The size in points of the file at `path`, which the caller has sniffed as `format`.
    ///
    /// - Throws: `.unsupported` for a bitmap type or when this platform has no reader for it,
    ///   `.rejected` with the library's own message when the file cannot be read.
    package static func size(ofFileAt path: String, format: ImageFormat) throws(ProbeError) -> (width: Double, height: Double) {
        switch format {
        case .pdf: return try pdfSize(path)
        case .svg: return try svgSize(path)
        default: throw .unsupported(format)
        }
    }

    private static func pdfSize(_ path: String) throws(ProbeError) -> (width: Double, height: Double) {
        #if os(Linux)
        var error: UnsafeMutablePointer<GError>?
        guard let uri = g_filename_to_uri(URL(fileURLWithPath: path).standardizedFileURL.path, nil, &error) else {
            defer { g_clear_error(&error) }
            throw .rejected(.pdf, error.map { String(cString: $0.pointee.message) } ?? "not a file name")
        }
        defer { g_free(uri) }
        if let problem = popplershim_unavailable() { throw .rejected(.pdf, String(cString: problem)) }
        guard let document = popplershim_document_new_from_file(uri, &error) else {
            defer { g_clear_error(&error) }
            throw .rejected(.pdf, error.map { String(cString: $0.pointee.message) } ?? "poppler cannot open it")
        }
        defer { popplershim_release(document) }
        guard popplershim_document_get_n_pages(document) > 0, let page = popplershim_document_get_page(document, 0) else {
            throw .rejected(.pdf, "it has no pages")
        }
        defer { popplershim_release(page) }
        var width = 0.0
        var height = 0.0
        popplershim_page_get_size(page, &width, &height)
        return (width, height)
        #elseif canImport(CoreGraphics)
        guard let document = CGPDFDocument(URL(fileURLWithPath: path) as CFURL) else {
            throw .rejected(.pdf, "CoreGraphics cannot open it")
        }
        guard document.numberOfPages > 0, let page = document.page(at: 1) else { throw .rejected(.pdf, "it has no pages") }
        let box = page.getBoxRect(.mediaBox)
        return (Double(box.width), Double(box.height))
        #else
        throw .unsupported(.pdf)
        #endif
    }

    private static func svgSize(_ path: String) throws(ProbeError) -> (width: Double, height: Double) {
        #if os(Linux)
        let size = try PixelSizeReader.pixelSize(ofFileAt: path, format: .svg)
        return (Double(size.width), Double(size.height))
        #else
        throw .unsupported(.svg)
        #endif
    }
}
