import Crypto
import Foundation

/// SHA-256 in lower-case hex, for build records and change detection.
package enum Digest {
    package static func sha256(_ data: Data) -> String {
        hex(SHA256.hash(data: data))
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
