import Foundation

/// Builds and edits PNG files chunk by chunk, for tests that need a file no encoder would write:
/// a header declaring an absurd size, a tRNS on an RGB image, a chunk removed or a byte flipped.
/// Knows nothing of pixels.
package enum PNGChunks {
    /// The 8-byte PNG signature.
    package static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// One chunk as stored.
    package struct Chunk: Hashable, Sendable {
        /// Four ASCII letters, such as `IHDR`.
        package var type: String
        /// The chunk data, without length, type or CRC.
        package var data: [UInt8]
        /// The stored CRC; `bytes` recomputes it, so an edited chunk is valid again.
        package var crc: UInt32

        /// A chunk with a correct CRC.
        package init(type: String, data: [UInt8]) {
            self.type = type
            self.data = data
            self.crc = PNGChunks.crc32(Array(type.utf8) + data)
        }

        /// Length, type, data and a freshly computed CRC.
        package var bytes: [UInt8] {
            let typeBytes = Array(type.utf8)
            return PNGChunks.bigEndian(UInt32(data.count)) + typeBytes + data
                + PNGChunks.bigEndian(PNGChunks.crc32(typeBytes + data))
        }
    }

    /// CRC-32 as PNG uses it (ISO 3309, polynomial 0xEDB88320), over the chunk type and data.
    package static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1
            }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// Four bytes, most significant first.
    package static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// An IHDR chunk: width and height in pixels, then bit depth, colour type and interlace.
    package static func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 6,
                             interlace: UInt8 = 0) -> Chunk {
        Chunk(type: "IHDR", data: bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, interlace])
    }

    /// The signature followed by `chunks`.
    package static func file(_ chunks: [Chunk]) -> Data {
        Data(signature + chunks.flatMap(\.bytes))
    }

    /// The chunks of a PNG file, in order, or nil when the signature is missing or a length runs
    /// past the end.
    package static func chunks(of data: Data) -> [Chunk]? {
        let bytes = [UInt8](data)
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return nil }
        var chunks: [Chunk] = []
        var i = 8
        while i < bytes.count {
            guard i + 12 <= bytes.count else { return nil }
            let length = Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length <= bytes.count - i - 12 else { return nil }
            let type = String(decoding: bytes[i + 4..<i + 8], as: UTF8.self)
            let end = i + 8 + length
            var chunk = Chunk(type: type, data: Array(bytes[i + 8..<end]))
            chunk.crc = UInt32(bytes[end]) << 24 | UInt32(bytes[end + 1]) << 16
                | UInt32(bytes[end + 2]) << 8 | UInt32(bytes[end + 3])
            chunks.append(chunk)
            i = end + 4
        }
        return chunks
    }

    /// The chunk types of a PNG file, in order (`["IHDR", "sRGB", "IDAT", "IEND"]`).
    package static func types(of data: Data) -> [String]? {
        chunks(of: data)?.map(\.type)
    }

    /// The file without its chunks of the given types (CRCs of the others are kept as stored).
    package static func removing(_ types: Set<String>, from data: Data) -> Data? {
        guard let chunks = chunks(of: data) else { return nil }
        return Data(signature + chunks.filter { !types.contains($0.type) }.flatMap(storedBytes))
    }

    /// The file with `inserted` placed just before the first IDAT.
    package static func inserting(_ inserted: [Chunk], beforeIDATOf data: Data) -> Data? {
        guard let chunks = chunks(of: data), let idat = chunks.firstIndex(where: { $0.type == "IDAT" }) else {
            return nil
        }
        var all = chunks.map(storedBytes)
        all.insert(contentsOf: inserted.map(\.bytes), at: idat)
        return Data(signature + all.joined())
    }

    /// The chunk exactly as it was read, stored CRC included.
    private static func storedBytes(_ chunk: Chunk) -> [UInt8] {
        bigEndian(UInt32(chunk.data.count)) + Array(chunk.type.utf8) + chunk.data + bigEndian(chunk.crc)
    }
}
