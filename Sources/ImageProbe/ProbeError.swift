/// Why a pixel size could not be read.
package enum ProbeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The library on this machine has no reader for the type (a loader package is missing).
    case unsupported(ImageFormat)
    /// The library could not read the file: corrupt, truncated, or not what its bytes start with.
    case unreadable(ImageFormat)

    package var description: String {
        switch self {
        case .unsupported(let format): "no \(format.name) reader is installed (gdk-pixbuf loader)"
        case .unreadable(let format): "cannot be read as \(format.name) (corrupt or truncated)"
        }
    }
}
