/// Why a symbol cannot be made, or a template cannot be read.
package enum SymbolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A document libxml2 cannot read (`name`, libxml2's message or the limit hit).
    case unreadable(String, String)
    /// Path data from Cairo in a form it does not write: internal error.
    case unexpectedPathData(String)
    /// FreeType refused to outline a stroke (its error code).
    case stroker(Int32)
    /// The drawing has nothing to draw.
    case empty
    /// The drawing holds something a symbol cannot (a bitmap image, text left as text…).
    case unsupported(String)
    /// The manifest's `weights:` widths do not fit the drawing's own width: what, and the fix.
    case weights(String, fix: String)

    /// The largest document read, in bytes.
    static let maximumDocumentBytes = 32 << 20

    package var description: String {
        switch self {
        case .unreadable(let name, let message): "cannot read \(name): \(message)"
        case .unexpectedPathData(let text): "internal error, please report: Cairo wrote path data this reader does not know (\(text.prefix(40)))"
        case .stroker(let code): "FreeType cannot outline a stroke (error \(code))"
        case .empty: "the drawing has no visible paths"
        case .unsupported(let what): "a symbol cannot hold \(what)"
        case .weights(let message, _): message
        }
    }

    /// How to fix it, in the user's terms.
    package var fix: String {
        switch self {
        case .unreadable: "export the file again as SVG"
        case .unexpectedPathData, .stroker: "internal error, please report"
        case .empty: "check that the glyph's strokes and fills are not set to none"
        case .unsupported: "draw the glyph with paths, strokes and fills only"
        case .weights(_, let fix): fix
        }
    }
}
