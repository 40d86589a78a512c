import CGLib
import Foundation

/// SHA-256 in lower-case hex, for build records and change detection (GLib's GChecksum: the same
/// digest swift-crypto gave, so build records from earlier versions stay valid).
package enum Digest {
    package static func sha256(_ data: Data) -> String {
        guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else {
            preconditionFailure("GLib has no SHA-256")
        }
        defer { g_checksum_free(checksum) }
        data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return }
            var offset = 0
            // g_checksum_update takes a gssize; feed large inputs in bounded pieces.
            while offset < raw.count {
                let length = min(raw.count - offset, 1 << 30)
                g_checksum_update(checksum, base + offset, gssize(length))
                offset += length
            }
        }
        var digest = [UInt8](repeating: 0, count: 32)
        var length = gsize(digest.count)
        g_checksum_get_digest(checksum, &digest, &length)
        return hex(digest.prefix(Int(length)))
    }

    package static func sha256(_ text: String) -> String {
        sha256(Data(text.utf8))
    }

    private static let digits = Array("0123456789abcdef".utf8)

    private static func hex(_ bytes: some Sequence<UInt8>) -> String {
        var ascii: [UInt8] = []
        ascii.reserveCapacity(64)
        for byte in bytes {
            ascii.append(digits[Int(byte >> 4)])
            ascii.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: ascii, as: UTF8.self)
    }
}
