import AssetCore

/// Why a source could not be loaded or a bitmap could not be drawn.
///
/// The messages keep the C library's own text (`GError.message`, `cairo_status_to_string`).
/// They say what went wrong, not where: the pipeline adds the file and the asset.
package enum RenderError: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// The file could not be read (missing, a directory, no permission). `message` is the system's.
    case unreadable(path: String, message: String)
    /// librsvg refused the document while parsing it. `message` is librsvg's `GError` text.
    case svgInvalid(path: String, message: String)
    /// The document declares no usable size: no width and height in absolute units and no viewBox.
    case svgWithoutSize(path: String)
    /// The document declares a size above `VectorImage.maximumSide` on a side (in px, rounded up).
    case tooLarge(path: String, size: PixelSize)
    /// librsvg failed while drawing. `message` is its `GError` text.
    case svgRender(path: String, message: String)
    /// The renderer process died on this document (librsvg crashed or overflowed its stack).
    case svgCrashed(path: String, message: String)
    /// Drawing the document took longer than the time limit.
    case svgTimeout(path: String, seconds: Double)
    /// The renderer process died on this PDF (poppler crashed or overflowed its stack).
    case pdfCrashed(path: String, message: String)
    /// Drawing the PDF page took longer than the time limit.
    case pdfTimeout(path: String, seconds: Double)
    /// Drawing the document needed more memory than a renderer process may use (`bytes`): a
    /// picture inside it is too large.
    case memoryBudget(path: String, bytes: Int)
    /// Cairo reported an error. `message` is `cairo_status_to_string`'s text.
    case cairo(message: String)
    /// The job asks for an output no surface can hold (a side below 1 or above 32767 px).
    case outputSize(PixelSize)
    /// poppler-glib cannot read the PDF (damaged, not a PDF, too large). `message` is poppler's.
    case pdfInvalid(path: String, message: String)
    /// The PDF is encrypted with a password.
    case pdfEncrypted(path: String)
    /// poppler-glib cannot be loaded on this machine (`message`: the loader's reason), so no PDF is read.
    case pdfUnsupported(path: String, message: String)
    /// The manifest's `page:` is not a page of the PDF (`count` pages).
    case pdfPage(path: String, page: Int, count: Int)
    /// A bitmap smaller than the output needs. The build refuses such jobs before drawing
    /// (`UpscaleRule.refusals`), so the renderer no longer throws it; kept for the worker protocol.
    case upscaled(path: String, message: String, fixText: String)

    /// How to fix it, for the errors where something better than "check the file" can be said.
    package var fix: String? {
        switch self {
        case .svgCrashed:
            return "open the SVG in an editor and simplify it (convert text to outlines, flatten <use> chains), then save it as plain SVG"
        case .svgTimeout:
            return "simplify the SVG (remove filters, flatten <use> and very long paths)"
        case .pdfCrashed:
            return "open the PDF in an editor and export it again (one page, PDF 1.4 or later), or export the artwork as SVG"
        case .pdfTimeout:
            return "open the PDF in an editor and simplify it (flatten transparency and effects, downsample large pictures), then export it again"
        case .memoryBudget:
            return "downsample the pictures inside the file (a few thousand px a side is plenty), or export the artwork without them"
        case .pdfInvalid:
            return "open the PDF in an editor and export it again (one page, PDF 1.4 or later)"
        case .pdfEncrypted:
            return "export the artwork again without a password (no encryption)"
        case .pdfUnsupported:
            return "install poppler-glib (Debian and Ubuntu: apt-get install libpoppler-glib8; macOS: brew install poppler), or export the artwork as SVG"
        case .upscaled(_, _, let fixText):
            return fixText
        case .pdfPage(_, _, let count):
            return count > 0 ? "choose a page from 1 to \(count) with \"page\", or leave it out for the first" : "export the artwork as a PDF with one page"
        default:
            return nil
        }
    }

    /// The way out the front end words (a timeout: allow more time; the memory budget: allow more memory).
    package var remedy: FrontEndRemedy? {
        switch self {
        case .svgTimeout, .pdfTimeout: return .renderTimeout
        case .memoryBudget: return .workerMemory
        default: return nil
        }
    }

    /// Lower case, no full stop, numbers with units; no file name (the caller adds it).
    package var description: String {
        switch self {
        case .unreadable(_, let message):
            return "cannot read the file: \(message)"
        case .svgInvalid(_, let message):
            return "cannot parse the svg: \(message)"
        case .svgWithoutSize:
            return "the svg declares no size: it needs width and height in absolute units, or a viewBox"
        case .tooLarge(let path, let size):
            return path.lowercased().hasSuffix(".pdf")
                ? "the pdf page is \(size.width)x\(size.height) pt, more than \(VectorImage.maximumSide) pt a side"
                : "the svg declares \(size), more than \(VectorImage.maximumSide) px a side"
        case .svgRender(_, let message):
            return "librsvg could not draw the svg: \(message)"
        case .svgCrashed(_, let message):
            return "the svg crashed the renderer (\(message))"
        case .svgTimeout(_, let seconds):
            return "drawing the svg took longer than \(Int(seconds)) s and was stopped (filters, deep <use> nesting or huge paths can make a file that slow)"
        case .pdfCrashed(_, let message):
            return "the pdf crashed the renderer (\(message))"
        case .pdfTimeout(_, let seconds):
            return "drawing the pdf page took longer than \(Int(seconds)) s and was stopped (huge pictures, complex patterns or shadings can make a page that slow)"
        case .memoryBudget(_, let bytes):
            return "drawing it needs more than the worker's \(Self.wordedBytes(bytes)) memory budget (a picture inside the file is too large)"
        case .cairo(let message):
            return "cairo error: \(message)"
        case .pdfInvalid(_, let message):
            return "cannot read the pdf: \(message)"
        case .pdfEncrypted:
            return "the pdf is encrypted (it needs a password), so it cannot be read"
        case .pdfUnsupported(_, let message):
            return "poppler-glib, which reads pdf files, cannot be loaded: \(message)"
        case .pdfPage(_, let page, let count):
            return "the pdf has \(count) page\(count == 1 ? "" : "s"), so it has no page \(page)"
        case .upscaled(_, let message, _):
            return message
        case .outputSize(let size):
            return "cannot draw \(size): each side must be 1 to \(CairoCanvas.maximumSide) px"
        }
    }

    /// `1 GiB`, `1536 MiB`.
    static func wordedBytes(_ bytes: Int) -> String {
        bytes % (1 << 30) == 0 ? "\(bytes >> 30) GiB" : "\(bytes >> 20) MiB"
    }
}
