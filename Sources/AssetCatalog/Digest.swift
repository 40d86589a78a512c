import Crypto
import Foundation

/// SHA-256 in lower-case hex, for build records and change detection.
package enum Digest {
    package static func sha256(_ data: Data) -> String {
        SHA256.hash(data: data).map { byte in
            let s = String(byte, radix: 16)
            return s.count == 1 ? "0" + s : s
        }.joined()
    }

    package static func sha256(_ text: String) -> String {
        sha256(Data(text.utf8))
    }
}
