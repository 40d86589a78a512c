/// A zlib stream (RFC 1950/1951) of `count` zero bytes, for fixtures whose pixels are all zero: a
/// huge picture that compresses to almost nothing (a 20000x20000 one-colour PNG, a PDF image
/// XObject). Written directly, without a compressor: one fixed-Huffman block holding a literal 0,
/// then back-references of 258 bytes at distance 1, then literal zeros for the rest. Knows no
/// other data.
package enum ZeroStream {
    package static func zlib(count: Int) -> [UInt8] {
        var writer = BitWriter()
        writer.bits(1, 1) // BFINAL
        writer.bits(1, 2) // BTYPE = 01, fixed Huffman codes
        var left = count
        if left > 0 {
            writer.code(0x30, 8) // literal 0
            left -= 1
        }
        while left >= 258 {
            writer.code(0xC5, 8) // length code 285: 258 bytes
            writer.code(0, 5) // distance code 0: 1 byte back
            left -= 258
        }
        for _ in 0..<left { writer.code(0x30, 8) }
        writer.code(0, 7) // end of block (256)
        let adler = UInt32(count % 65521) << 16 | 1
        return [0x78, 0x01] + writer.finished + PNGChunks.bigEndian(adler)
    }

    /// Bits packed from the least significant end, as deflate stores them.
    private struct BitWriter {
        var bytes: [UInt8] = []
        var current: UInt32 = 0
        var filled = 0

        mutating func bits(_ value: UInt32, _ count: Int) {
            current |= value << filled
            filled += count
            while filled >= 8 {
                bytes.append(UInt8(current & 0xFF))
                current >>= 8
                filled -= 8
            }
        }

        /// A Huffman code: its most significant bit goes first.
        mutating func code(_ value: UInt32, _ length: Int) {
            var reversed: UInt32 = 0
            for bit in 0..<length where value & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
            bits(reversed, length)
        }

        var finished: [UInt8] { filled > 0 ? bytes + [UInt8(current & 0xFF)] : bytes }
    }
}
