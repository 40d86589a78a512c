import Foundation

/// A SHA-256 digest held in 32 bytes inline (issue 38): a build record at 50,000 assets lists some
/// 200,000 files, each with up to three digests (its bytes, its source, its key), and as 64-character
/// hex `String`s every one was a heap allocation of about 112 bytes.
///
/// It reads and writes as the same lower-case hex text as before (`hex`, `Codable`), so records of
/// earlier versions stay valid and a record's bytes do not change. A text that is not 64 lower-case
/// hex digits (a record edited by hand) is kept as written: it never equals a digest computed from
/// bytes, as the text never did, and is written back unchanged.
package struct SHA256Digest: Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    private enum Storage: Hashable, Sendable {
        /// The 32 bytes, big-endian: the first byte is the top byte of the first word.
        case bytes(UInt64, UInt64, UInt64, UInt64)
        /// Any text that is not a digest in lower-case hex, as written.
        case text(String)
    }

    private let storage: Storage

    /// The digest of `bytes` (32 of them; a shorter or longer sequence is kept as its hex text).
    package init(bytes: some Collection<UInt8>) {
        guard bytes.count == 32 else {
            storage = .text(Self.hexText(bytes))
            return
        }
        // Read as four big-endian words where the bytes lie together (a record part's 600,000 digests, issue 50).
        if let words = bytes.withContiguousStorageIfAvailable({ buffer -> (UInt64, UInt64, UInt64, UInt64) in
            let raw = UnsafeRawBufferPointer(buffer)
            func word(_ at: Int) -> UInt64 { UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }
            return (word(0), word(8), word(16), word(24))
        }) {
            storage = .bytes(words.0, words.1, words.2, words.3)
            return
        }
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        for (index, byte) in bytes.enumerated() {
            switch index >> 3 {
            case 0: words.0 = words.0 << 8 | UInt64(byte)
            case 1: words.1 = words.1 << 8 | UInt64(byte)
            case 2: words.2 = words.2 << 8 | UInt64(byte)
            default: words.3 = words.3 << 8 | UInt64(byte)
            }
        }
        storage = .bytes(words.0, words.1, words.2, words.3)
    }

    /// The digest `text` spells in lower-case hex, read straight into its bytes; any other text
    /// (upper case, too short or long, not hex) is kept as it is (`isDigest` false).
    package init(_ text: some StringProtocol) {
        let parsed = text.utf8.withContiguousStorageIfAvailable(Self.parse) ?? Self.parse(Array(text.utf8))
        storage = parsed ?? .text(String(text))
    }

    /// A digest written out (`"9f86…"`), as `init(_:)` reads it.
    package init(stringLiteral text: String) {
        self.init(text)
    }

    /// Whether it holds 32 bytes (false for a text kept as written).
    package var isDigest: Bool {
        if case .bytes = storage { return true }
        return false
    }

    /// The lower-case hex text (or the text kept as written).
    package var hex: String {
        switch storage {
        case .bytes(let a, let b, let c, let d):
            return String(unsafeUninitializedCapacity: 64) { buffer in
                func put(_ word: UInt64, at start: Int) {
                    for nibble in 0..<16 {
                        let value = UInt8(truncatingIfNeeded: word >> UInt64(60 - nibble * 4)) & 0xF
                        buffer[start + nibble] = value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
                    }
                }
                put(a, at: 0)
                put(b, at: 16)
                put(c, at: 32)
                put(d, at: 48)
                return 64
            }
        case .text(let text):
            return text
        }
    }

    /// The 32 bytes, big-endian; nil for a text kept as written.
    package var bytes: [UInt8]? {
        guard case .bytes(let a, let b, let c, let d) = storage else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        for word in [a, b, c, d] {
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
        }
        return bytes
    }

    /// The first `count` hex digits (a part file's name).
    package func prefix(_ count: Int) -> Substring { hex.prefix(count) }

    package var description: String { hex }

    package init(from decoder: Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    package func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }

    /// Bytes that are not 32 of them, in hex (never made by SHA-256; kept for completeness).
    private static func hexText(_ bytes: some Sequence<UInt8>) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    /// 64 lower-case hex digits into four words; nil for anything else.
    private static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> Storage? {
        guard utf8.count == 64 else { return nil }
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        for word in 0..<4 {
            var value: UInt64 = 0
            for index in word * 16..<word * 16 + 16 {
                let char = utf8[index]
                let nibble: UInt8
                switch char {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = char &- UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = char &- UInt8(ascii: "a") &+ 10
                default: return nil
                }
                value = value << 4 | UInt64(nibble)
            }
            switch word {
            case 0: words.0 = value
            case 1: words.1 = value
            case 2: words.2 = value
            default: words.3 = value
            }
        }
        return .bytes(words.0, words.1, words.2, words.3)
    }

    private static func parse(_ utf8: [UInt8]) -> Storage? {
        utf8.withUnsafeBufferPointer(parse)
    }
}
