import AssetCore
import CCairo
import CPopplerShim
import Foundation

/// One page of a PDF, parsed by poppler-glib and drawn through Cairo at any size: parse once,
/// draw many. Only the sandbox's worker processes open PDFs from a manifest (see `VectorSandbox`).
///
/// Limits: a file over `maximumFileBytes` is refused before it is read, a page over
/// `VectorImage.maximumSide` points a side before anything is drawn or any surface is made for it.
/// poppler-glib is given the bytes only (no file name or base URI), opens no network connection and
/// runs no JavaScript, link or action while drawing a page. An encrypted PDF is refused with its own
/// message (one that opens with an empty user password is read like any other).
final class PDFPage: @unchecked Sendable {
    /// The largest PDF file read, in bytes.
    static let maximumFileBytes = 64 << 20

    let width: Double
    let height: Double
    private let document: UnsafeMutableRawPointer
    private let page: UnsafeMutableRawPointer
    /// poppler documents are not thread-safe: every call on them is made under this lock.
    private let lock = NSLock()

    /// Page `pageNumber` (1-based) of the PDF at `path`.
    init(path: String, pageNumber: Int) throws(RenderError) {
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if (attributes[.type] as? FileAttributeType) == .typeDirectory {
                throw RenderError.unreadable(path: path, message: String(cString: strerror(EISDIR)))
            }
            let bytes = (attributes[.size] as? Int) ?? 0
            guard bytes <= Self.maximumFileBytes else {
                throw RenderError.pdfInvalid(path: path, message: "the file is \(bytes / (1 << 20)) MB, more than the \(Self.maximumFileBytes >> 20) MB accepted for a pdf")
            }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as RenderError {
            throw error
        } catch {
            throw .unreadable(path: path, message: (error as NSError).localizedDescription)
        }
        // The header may follow up to 1 KB of other bytes (PDF 1.7, annex H).
        guard data.prefix(1024).range(of: Data("%PDF-".utf8)) != nil else {
            throw .pdfInvalid(path: path, message: "it has no %PDF- header, so it is not a pdf")
        }
        if let problem = popplershim_unavailable() {
            throw .pdfUnsupported(path: path, message: String(cString: problem))
        }
        let bytes: OpaquePointer = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        var error: UnsafeMutablePointer<GError>?
        guard let document = popplershim_document_new_from_bytes(bytes, &error) else {
            let encrypted = popplershim_is_encrypted_error(error) != 0
            let message = Self.take(error)
            throw encrypted ? .pdfEncrypted(path: path) : .pdfInvalid(path: path, message: message)
        }
        let count = Int(popplershim_document_get_n_pages(document))
        guard pageNumber >= 1, pageNumber <= count, let page = popplershim_document_get_page(document, Int32(pageNumber - 1)) else {
            popplershim_release(document)
            throw .pdfPage(path: path, page: pageNumber, count: count)
        }
        var width = 0.0, height = 0.0
        popplershim_page_get_size(page, &width, &height)
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            popplershim_release(page)
            popplershim_release(document)
            throw .pdfInvalid(path: path, message: "page \(pageNumber) has no size (its media box is empty)")
        }
        // poppler draws a page whose media box is [0 0 0 0] as a US Letter page (612x792 pt).
        if width == Self.letter.width, height == Self.letter.height, Self.declaresEmptyMediaBox(data) {
            popplershim_release(page)
            popplershim_release(document)
            throw .pdfInvalid(path: path, message: "page \(pageNumber) has no size (its media box is empty)")
        }
        guard width <= Double(VectorImage.maximumSide), height <= Double(VectorImage.maximumSide) else {
            popplershim_release(page)
            popplershim_release(document)
            throw .tooLarge(path: path, size: PixelSize(width: Int(min(width.rounded(.up), 1e9)),
                                                        height: Int(min(height.rounded(.up), 1e9))))
        }
        self.document = document
        self.page = page
        self.width = width
        self.height = height
    }

    deinit {
        popplershim_release(page)
        popplershim_release(document)
    }

    /// Draws the page onto `context` (a Cairo context of any surface) under `matrix`, Cairo's
    /// affine from the page's points to the surface. Nothing is painted behind the page.
    func draw(on context: OpaquePointer, matrix: [Double]) {
        cairo_save(context)
        var m = cairo_matrix_t(xx: matrix[0], yx: matrix[1], xy: matrix[2], yy: matrix[3], x0: matrix[4], y0: matrix[5])
        cairo_set_matrix(context, &m)
        cairo_rectangle(context, 0, 0, width, height)
        cairo_clip(context)
        lock.lock()
        popplershim_page_render(page, UnsafeMutableRawPointer(context))
        lock.unlock()
        cairo_restore(context)
    }

    /// The size poppler gives a page whose media box is missing or empty.
    static let letter = (width: 612.0, height: 792.0)

    /// True when the file spells out a `/MediaBox` with no area (`[0 0 0 0]`). poppler-glib does
    /// not tell a page it gave the default size from one that is US Letter, so a page of exactly
    /// that size is checked against the file's text. A box inside a compressed object stream is
    /// not seen (such a page is drawn as poppler gives it).
    static func declaresEmptyMediaBox(_ data: Data) -> Bool {
        let text = String(decoding: data, as: Unicode.ASCII.self)
        let number = "([-+]?[0-9]*\\.?[0-9]+)"
        guard let pattern = try? NSRegularExpression(
            pattern: "/MediaBox\\s*\\[\\s*\(number)\\s+\(number)\\s+\(number)\\s+\(number)\\s*\\]") else { return false }
        let whole = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: whole).contains { match in
            let values = (1...4).compactMap { Range(match.range(at: $0), in: text).flatMap { Double(text[$0]) } }
            return values.count == 4 && (values[0] == values[2] || values[1] == values[3])
        }
    }

    private static func take(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "poppler cannot open it" }
        defer { g_error_free(error) }
        let message = error.pointee.message.map { String(cString: $0) } ?? "poppler cannot open it"
        return message.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
