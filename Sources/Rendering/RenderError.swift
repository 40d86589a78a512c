import AssetCore

/// Why a source could not be loaded or a bitmap could not be drawn.
///
/// The messages keep the C library's own text (`GError.message`, `cairo_status_to_string`).
/// They say what went wrong, not where: the pipeline adds the file and the asset.
package enum RenderError: Error, Sendable, Hashable, CustomStringConvertible {
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
    /// Cairo reported an error. `message` is `cairo_status_to_string`'s text.
    case cairo(message: String)
    /// The job asks for an output no surface can hold (a side below 1 or above 32767 px).
    case outputSize(PixelSize)

    /// How to fix it, for the errors where something better than "check the file" can be said.
    package var fix: String? {
        switch self {
        case .svgCrashed:
            return "open the SVG in an editor and simplify it (convert text to outlines, flatten <use> chains), then save it as plain SVG"
        case .svgTimeout:
            return "simplify the SVG (remove filters, flatten <use> and very long paths), or raise --render-timeout"
        default:
            return nil
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
        case .tooLarge(_, let size):
            return "the svg declares \(size), more than \(VectorImage.maximumSide) px a side"
        case .svgRender(_, let message):
            return "librsvg could not draw the svg: \(message)"
        case .svgCrashed(_, let message):
            return "the svg crashed the renderer (\(message))"
        case .svgTimeout(_, let seconds):
            return "drawing the svg took longer than \(Int(seconds)) s and was stopped (filters, deep <use> nesting or huge paths can make a file that slow)"
        case .cairo(let message):
            return "cairo error: \(message)"
        case .outputSize(let size):
            return "cannot draw \(size): each side must be 1 to \(CairoCanvas.maximumSide) px"
        }
    }
}
