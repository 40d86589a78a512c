/// Why a pixel size could not be read.
package enum ProbeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The library on this machine has no reader for the type (a loader package is missing).
    case unsupported(ImageFormat)
    /// The library could not read the file: corrupt, truncated, or not what its bytes start with.
    case unreadable(ImageFormat)
    /// The library refused the file and said why (its own message, such as poppler's `GError`).
    case rejected(ImageFormat, String)

    package var description: String {
        switch self {
        case .unsupported(let format): "no \(format.name) reader is installed (gdk-pixbuf loader)"
        case .unreadable(let format): "cannot be read as \(format.name) (corrupt or truncated)"
        case .rejected(let format, let message): "cannot be read as \(format.name): \(message)"
        }
    }

    /// True for `.unsupported`: the machine lacks a reader, the file may be fine.
    package var isUnsupported: Bool {
        if case .unsupported = self { return true }
        return false
    }
}
