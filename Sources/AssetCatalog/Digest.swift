import CGLib
import Foundation

/// SHA-256 in lower-case hex, for build records and change detection (GLib's GChecksum: the same
/// digest swift-crypto gave, so build records from earlier versions stay valid).
package enum Digest {
    package static func sha256(_ data: Data) -> String {
        sha256Digest(data).hex
    }

    package static func sha256(_ text: String) -> String {
        sha256(Data(text.utf8))
    }

    /// The digest of `data` in 32 bytes (`SHA256Digest`), what records keep (issue 38).
    package static func sha256Digest(_ data: Data) -> SHA256Digest {
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
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { digest in
            var length = gsize(digest.count)
            g_checksum_get_digest(checksum, digest.baseAddress, &length)
            return SHA256Digest(bytes: UnsafeBufferPointer(rebasing: digest[..<Int(length)]))
        }
    }

    /// SHA-256 of bytes given in pieces (a file written in parts: the write journal).
    package final class Streaming {
        private let checksum: OpaquePointer

        package init() {
            guard let checksum = g_checksum_new(G_CHECKSUM_SHA256) else { preconditionFailure("GLib has no SHA-256") }
            self.checksum = checksum
        }

        deinit { g_checksum_free(checksum) }

        package func update(_ data: Data) {
            data.withUnsafeBytes { raw in
                guard let base = raw.bindMemory(to: UInt8.self).baseAddress, raw.count > 0 else { return }
                g_checksum_update(checksum, base, gssize(raw.count))
            }
        }

        /// The digest in lower-case hex (the hasher is finished: no more updates).
        package func hex() -> String {
            String(cString: g_checksum_get_string(checksum))
        }
    }

    package static func sha256Digest(_ text: String) -> SHA256Digest {
        sha256Digest(Data(text.utf8))
    }
}
