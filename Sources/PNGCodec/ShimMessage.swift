internal import CPNGShim

/// The buffer a shim call copies libpng's message into, and the mapping from a shim status to a
/// `PNGError`. Internal: no C type leaves this module.
struct ShimMessage {
    /// NUL-terminated C text, `PNGSHIM_MESSAGE_CAPACITY` bytes.
    var buffer = [CChar](repeating: 0, count: Int(PNGSHIM_MESSAGE_CAPACITY))

    /// The text before the first NUL, as UTF-8 (libpng's messages are ASCII; anything else, such
    /// as a chunk name with odd bytes, is repaired rather than trusted).
    var text: String {
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Calls `body` with the buffer's address and capacity.
    mutating func withBuffer<R>(_ body: (UnsafeMutablePointer<CChar>, Int) -> R) -> R {
        // swift-format-ignore: NeverForceUnwrap
        // The buffer is allocated with a fixed, non-zero capacity, so it has an address.
        buffer.withUnsafeMutableBufferPointer { body($0.baseAddress!, $0.count) }
    }

    /// The error for a failed `status`; nil for `PNGSHIM_OK`. `writing` picks `encodeFailed` over
    /// `corrupt` for libpng's own failures.
    func error(for status: pngshim_status, writing: Bool = false) -> PNGError? {
        let message = text.isEmpty ? "libpng gave no message" : text
        switch status {
        case PNGSHIM_OK: return nil
        case PNGSHIM_NOT_PNG: return .notPNG
        case PNGSHIM_CORRUPT: return writing ? .encodeFailed(message) : .corrupt(message)
        case PNGSHIM_ENCODE_FAILED: return .encodeFailed(message)
        case PNGSHIM_NO_MEMORY: return .outOfMemory(message)
        case PNGSHIM_INVALID_ARGUMENT: return .internalError(message)
        default: return .internalError("unknown pngshim status \(status.rawValue): \(message)")
        }
    }
}
