import Crypto
import Foundation

/// SHA-256 in lower-case hex, for build records and change detection, through swift-crypto
/// (BoringSSL on Linux, with the processor's SHA instructions; CryptoKit on macOS). GLib's
/// GChecksum did it from issue 28 until issue 50: the same digests (build records stay valid),
/// but a fifth as fast, which at 50,000 assets was 0.7 s of verify's CPU (hashing 200,000 files
/// and 150,000 build keys).
package enum Digest {
    package static func sha256(_ data: Data) -> String {
        sha256Digest(data).hex
    }

    package static func sha256(_ text: String) -> String {
        sha256(Data(text.utf8))
    }

    /// The digest of `data` in 32 bytes (`SHA256Digest`), what records keep (issue 38).
    package static func sha256Digest(_ data: Data) -> SHA256Digest {
        SHA256.hash(data: data).withUnsafeBytes { SHA256Digest(bytes: $0) }
    }

    /// SHA-256 of bytes given in pieces (a file written in parts: the write journal).
    package final class Streaming {
        private var hasher = SHA256()

        package init() {}

        package func update(_ data: Data) {
            hasher.update(data: data)
        }

        /// The digest in lower-case hex (the hasher is finished: no more updates).
        package func hex() -> String {
            hasher.finalize().withUnsafeBytes { SHA256Digest(bytes: $0) }.hex
        }
    }

    package static func sha256Digest(_ text: String) -> SHA256Digest {
        sha256Digest(Data(text.utf8))
    }
}
