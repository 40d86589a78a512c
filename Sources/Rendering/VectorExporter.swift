import AssetCore
import CCairo
import Foundation

/// The file formats a vector output is written in.
package enum VectorFileFormat: String, Hashable, Sendable, Codable, CaseIterable {
    case pdf
    case svg
}

/// Writes a drawing as a one-page PDF or an SVG document through Cairo's own PDF and SVG
/// surfaces (`cairo_pdf_surface_create_for_stream`, `cairo_svg_surface_create_for_stream`):
/// vector in, vector out, nothing rasterised on the way unless Cairo itself needs a fallback image
/// for an effect its format cannot express (an SVG filter, for one).
///
/// Bytes are stable: the PDF's creation and modification dates are pinned to a fixed value
/// (Cairo would otherwise write the current time), so a rebuild writes identical bytes.
/// An output above `maximumBytes` is refused.
enum VectorExporter {
    /// The largest vector output accepted, in bytes.
    static let maximumBytes = 64 << 20
    /// The date written into every PDF, so a rebuild gives the same bytes.
    static let fixedDate = "2000-01-01T00:00:00Z"

    /// A `width` × `height` point page (PDF) or document (SVG, in px, one px to the point) with
    /// `draw` called on a context whose user space is that page.
    static func export(_ format: VectorFileFormat, width: Double, height: Double,
                       draw: (OpaquePointer) throws(RenderError) -> Void) throws(RenderError) -> Data {
        guard width.isFinite, height.isFinite, width > 0, height > 0,
              width <= Double(VectorImage.maximumSide), height <= Double(VectorImage.maximumSide) else {
            throw .outputSize(PixelSize(width: Int(width.isFinite ? width.rounded(.up) : 0),
                                        height: Int(height.isFinite ? height.rounded(.up) : 0)))
        }
        let sink = Sink()
        let closure = Unmanaged.passRetained(sink)
        defer { closure.release() }
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
            guard sink.data.count + Int(length) <= VectorExporter.maximumBytes else {
                sink.overflow = true
                return CAIRO_STATUS_WRITE_ERROR
            }
            sink.data.append(data, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }
        let surface: OpaquePointer
        switch format {
        case .pdf:
            surface = cairo_pdf_surface_create_for_stream(write, closure.toOpaque(), width, height)
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, fixedDate)
            cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, fixedDate)
        case .svg:
            surface = cairo_svg_surface_create_for_stream(write, closure.toOpaque(), width, height)
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            throw .cairo(message: CairoCanvas.message(cairo_surface_status(surface)))
        }
        let context: OpaquePointer = cairo_create(surface)
        do {
            try draw(context)
        } catch {
            cairo_destroy(context)
            throw error
        }
        let status = cairo_status(context)
        cairo_destroy(context)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(message: CairoCanvas.message(status)) }
        cairo_surface_finish(surface)
        let finished = cairo_surface_status(surface)
        if sink.overflow {
            throw .cairo(message: "the \(format.rawValue) would be larger than \(maximumBytes >> 20) MB")
        }
        guard finished == CAIRO_STATUS_SUCCESS else { throw .cairo(message: CairoCanvas.message(finished)) }
        return format == .svg ? stableIdentifiers(sink.data) : sink.data
    }

    /// Cairo's SVG surface names some elements after a process-wide counter of surfaces
    /// (`surface7`, `image12`), so the same drawing gets other names depending on what the process
    /// drew before. Those names are renumbered here in order of first appearance (`surface1`,
    /// `image1`…) where they are names (`id="…"`) or references (`#…`), never inside embedded
    /// base64 data, so a rebuild writes the same bytes whichever worker drew it. Only Cairo's own
    /// output is touched, never a source document.
    static func stableIdentifiers(_ data: Data) -> Data {
        guard let text = String(data: data, encoding: .utf8),
              let pattern = try? NSRegularExpression(pattern: "(id=\"|#)(surface|image|source)(-?)([0-9]+)\\b") else { return data }
        var numbers: [String: [String: Int]] = [:]
        var out = ""
        var last = text.startIndex
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let whole = Range(match.range, in: text), let leadRange = Range(match.range(at: 1), in: text),
                  let prefixRange = Range(match.range(at: 2), in: text),
                  let dashRange = Range(match.range(at: 3), in: text), let numberRange = Range(match.range(at: 4), in: text) else { continue }
            let lead = String(text[leadRange])
            let prefix = String(text[prefixRange]) + String(text[dashRange])
            let number = String(text[numberRange])
            var table = numbers[prefix, default: [:]]
            let renumbered = table[number] ?? (table.count + 1)
            table[number] = renumbered
            numbers[prefix] = table
            out += text[last..<whole.lowerBound]
            out += lead + prefix + String(renumbered)
            last = whole.upperBound
        }
        out += text[last...]
        return Data(out.utf8)
    }

    private final class Sink {
        var data = Data()
        var overflow = false
    }
}
