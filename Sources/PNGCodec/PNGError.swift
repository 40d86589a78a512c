import AssetCore

/// Why PNG bytes could not be read or written.
///
/// Each case keeps libpng's own text where libpng gave one. `description` is a lower-case message
/// without the file name and without a full stop; the caller prefixes the file
/// (`"Icon.png: is not a PNG file (signature missing)"`) and adds the fix.
package enum PNGError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The bytes do not begin with the 8-byte PNG signature (an empty file, a JPEG renamed to .png…).
    case notPNG
    /// The header declares a size with a side beyond `limit` pixels. Nothing was allocated for the
    /// pixels: the size is refused as soon as the header has been read.
    case tooLarge(PixelSize, limit: Int)
    /// libpng rejected the data: a bad chunk or CRC, a broken zlib stream, data that stops early.
    /// Holds libpng's message (`"IDAT: CRC error"`, `"read beyond end of data"`…).
    case corrupt(String)
    /// libpng could not write the pixels; holds libpng's message.
    case encodeFailed(String)
    /// An allocation failed inside libpng or for the pixels; holds libpng's message.
    case outOfMemory(String)
    /// The codec called libpng wrongly: a bug in Assetsmith, never the user's file.
    case internalError(String)

    /// Lower case, no full stop, no file name: `declares 20000x20000 px, beyond the 16384 px limit`.
    package var description: String {
        switch self {
        case .notPNG:
            return "is not a PNG file (signature missing)"
        case .tooLarge(let size, let limit):
            return "declares \(size), beyond the \(limit) px limit"
        case .corrupt(let message):
            return "is corrupt or truncated: \(message)"
        case .encodeFailed(let message):
            return "could not be encoded as PNG: \(message)"
        case .outOfMemory(let message):
            return "needs more memory than is available: \(message)"
        case .internalError(let message):
            return "internal error, please report: \(message)"
        }
    }

    /// How to fix it when it is not the file's fault (nil: the file is; the caller says how to
    /// export it again).
    package var fix: String? {
        switch self {
        case .notPNG, .tooLarge, .corrupt: return nil
        case .outOfMemory: return "close other programs to free memory"
        case .encodeFailed, .internalError: return "internal error, please report"
        }
    }

    /// The way out the front end words (`outOfMemory`: render fewer images at once).
    package var remedy: FrontEndRemedy? {
        if case .outOfMemory = self { return .fewerJobs }
        return nil
    }
}
