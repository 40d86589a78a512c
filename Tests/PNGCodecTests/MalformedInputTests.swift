import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport

/// Bad input gives a `PNGError`, never a crash, and never a large allocation.
@Suite struct MalformedInputTests {
    /// A well-formed header declaring `width`×`height` RGBA, then image data that is not zlib.
    static func header(width: UInt32, height: UInt32) -> Data {
        PNGChunks.file([
            PNGChunks.ihdr(width: width, height: height),
            PNGChunks.Chunk(type: "IDAT", data: [0xDE, 0xAD, 0xBE, 0xEF, 0, 1, 2, 3]),
            PNGChunks.Chunk(type: "IEND", data: []),
        ])
    }

    static let jpegStart: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01,
                                     0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xFF, 0xD9]

    /// 20000×20000 RGBA would need 1.6 GB. The refusal comes from the header: had the pixels been
    /// allocated and decoded, the broken image data would have thrown `.corrupt` instead.
    @Test func absurdDeclaredSizeIsRefusedFromTheHeader() throws {
        let data = Self.header(width: 20000, height: 20000)
        #expect(throws: PNGError.tooLarge(PixelSize(square: 20000), limit: 16384)) {
            try PNGCodec.decode(data)
        }
        #expect(try PNGCodec.info(data).size == PixelSize(square: 20000))
        #expect(PNGError.tooLarge(PixelSize(square: 20000), limit: 16384).description
            == "declares 20000x20000 px, beyond the 16384 px limit")
    }

    @Test func theLimitIsCheckedBeforeThePixels() throws {
        let data = Self.header(width: 64, height: 64)
        #expect(throws: PNGError.tooLarge(PixelSize(square: 64), limit: 63)) {
            try PNGCodec.decode(data, maxSide: 63)
        }
        #expect { try PNGCodec.decode(data) } throws: { error in
            guard case PNGError.corrupt = error else { return false }
            return true
        }
    }

    @Test func theLimitAppliesToEachSide() throws {
        let wide = try PNGCodec.encode(TestBitmaps.ramps(width: 40, height: 8), channels: .rgba)
        #expect(try PNGCodec.decode(wide, maxSide: 40).size == PixelSize(width: 40, height: 8))
        #expect(throws: PNGError.tooLarge(PixelSize(width: 40, height: 8), limit: 39)) {
            try PNGCodec.decode(wide, maxSide: 39)
        }
        let tall = try PNGCodec.encode(TestBitmaps.ramps(width: 8, height: 40), channels: .rgb)
        #expect(throws: PNGError.tooLarge(PixelSize(width: 8, height: 40), limit: 39)) {
            try PNGCodec.decode(tall, maxSide: 39)
        }
    }

    /// Every prefix of a file is refused: the empty one as not a PNG, the rest as corrupt, up to
    /// a file missing only the last byte of IEND's CRC. Interlaced 16-bit decodes cost libpng a
    /// few milliseconds of gamma tables each, so that file is cut at every 16th byte and at each
    /// of its last 64.
    @Test(arguments: [("basn0g01", 1), ("basn6a16", 1), ("ibasn2c08", 1), ("ftbbn3p08", 1),
                      ("interlaced/iftbbn0g04", 1), ("ibasn6a16", 16)])
    func everyTruncationThrows(_ name: String, step: Int) throws {
        let data = try PngSuite.data(name)
        #expect(throws: PNGError.notPNG) { try PNGCodec.decode(data.prefix(0)) }
        for length in 1..<data.count where length % step == 0 || length >= data.count - 64 {
            do {
                _ = try PNGCodec.decode(data.prefix(length))
                Issue.record("a prefix of \(length) of \(data.count) bytes decoded")
            } catch {
                guard case .corrupt(let message) = error, !message.isEmpty else {
                    Issue.record("a prefix of \(length) bytes threw \(error)")
                    continue
                }
            }
        }
        #expect(throws: PNGError.corrupt("file ends before the IEND chunk")) {
            try PNGCodec.decode(data.dropLast(12))
        }
        // Bytes after IEND are ignored, as libpng ignores them.
        #expect(try PNGCodec.decode(data + Data([1, 2, 3])) == PNGCodec.decode(data))
    }

    @Test func aMalformedIENDIsCorrupt() throws {
        var data = try PngSuite.data("basn2c08")
        data[data.count - 1] ^= 1
        #expect(throws: PNGError.corrupt("IEND: malformed chunk")) { try PNGCodec.decode(data) }
    }

    /// `info` needs everything up to the first IDAT's type; a file cut later still has its facts.
    @Test func infoNeedsTheChunksBeforeImageData() throws {
        let data = try PngSuite.data("ftbbn3p08")
        let chunks = try #require(PNGChunks.chunks(of: data))
        let idatIndex = try #require(chunks.firstIndex { $0.type == "IDAT" })
        let idatStart = 8 + chunks[..<idatIndex].reduce(0) { $0 + 12 + $1.data.count }
        for length in 1..<idatStart + 8 {
            #expect(throws: PNGError.self, "prefix of \(length) bytes") { try PNGCodec.info(data.prefix(length)) }
        }
        #expect(try PNGCodec.info(data.prefix(idatStart + 8)) == PNGCodec.info(data))
    }

    /// A flipped byte anywhere in a critical chunk (length, type, data or CRC) is caught.
    @Test(arguments: ["basn2c08", "basn3p04", "ibasn0g16"])
    func everyFlippedByteInACriticalChunkThrows(_ name: String) throws {
        let data = try PngSuite.data(name)
        let chunks = try #require(PNGChunks.chunks(of: data))
        var offset = 8
        for chunk in chunks {
            let end = offset + 12 + chunk.data.count
            if ["IHDR", "PLTE", "IDAT"].contains(chunk.type) {
                for i in offset..<end {
                    var bad = data
                    bad[i] ^= 0x5A
                    #expect(throws: PNGError.self, "\(chunk.type) byte \(i - offset) flipped") {
                        try PNGCodec.decode(bad)
                    }
                }
            }
            offset = end
        }
    }

    /// A flipped byte anywhere must not crash; libpng may accept one in an ancillary chunk or IEND,
    /// but never one in a critical chunk, and what it accepts has the original's size and a whole
    /// pixel buffer. (It replaces a test asserting `decoded + refused == count - 8`, which no
    /// defect could fail.)
    @Test func flippedBytesElsewhereDoNotCrash() throws {
        let data = try PngSuite.data("ftbrn2c08")
        let original = try PNGCodec.decode(data)
        let chunks = try #require(PNGChunks.chunks(of: data))
        var critical: Set<Int> = []
        var offset = 8
        for chunk in chunks {
            let end = offset + 12 + chunk.data.count
            if ["IHDR", "PLTE", "IDAT"].contains(chunk.type) { critical.formUnion(offset..<end) }
            offset = end
        }
        var decoded = 0, refused = 0
        for i in 8..<data.count {
            var bad = data
            bad[i] ^= 0xFF
            guard let bitmap = try? PNGCodec.decode(bad) else {
                refused += 1
                continue
            }
            decoded += 1
            #expect(!critical.contains(i), "byte \(i) of a critical chunk flipped, yet decoded")
            #expect(bitmap.width == original.width && bitmap.height == original.height, "byte \(i)")
            #expect(bitmap.pixels.count == bitmap.width * bitmap.height * 4, "byte \(i)")
        }
        #expect(refused >= critical.count, "every critical byte flipped is refused")
        #expect(decoded > 0, "libpng accepts some ancillary damage (a warning, not an error)")
    }

    @Test(arguments: [0, 1, 7, 8, 100, 5000])
    func randomBytesAreNotPNG(_ length: Int) throws {
        var generator = TestBitmaps.Generator(state: UInt64(length) &+ 0x1234_5678)
        var bytes = (0..<length).map { _ in generator.byte() }
        if !bytes.isEmpty { bytes[0] = 0x42 } // anything but 137, the signature's first byte
        #expect(throws: PNGError.notPNG) { try PNGCodec.decode(Data(bytes)) }
        #expect(throws: PNGError.notPNG) { try PNGCodec.info(Data(bytes)) }
    }

    @Test(arguments: [1, 12, 100, 5000])
    func signatureThenGarbageIsCorrupt(_ length: Int) throws {
        var generator = TestBitmaps.Generator(state: UInt64(length) &* 31 &+ 7)
        let data = Data(PNGChunks.signature + (0..<length).map { _ in generator.byte() })
        for operation in [{ _ = try PNGCodec.decode(data) }, { _ = try PNGCodec.info(data) }] {
            #expect(performing: operation, throws: { error in
                guard case PNGError.corrupt = error else { return false }
                return true
            })
        }
    }

    @Test func aJPEGIsNotAPNG() throws {
        let jpeg = Data(Self.jpegStart)
        #expect(throws: PNGError.notPNG) { try PNGCodec.decode(jpeg) }
        #expect(throws: PNGError.notPNG) { try PNGCodec.info(jpeg) }
        #expect(PNGError.notPNG.description == "is not a PNG file (signature missing)")
    }

    @Test func aCutSignatureIsCorruptNotForeign() throws {
        #expect(throws: PNGError.corrupt("file ends inside the PNG signature")) {
            try PNGCodec.decode(Data(PNGChunks.signature.prefix(5)))
        }
    }

    /// libpng's own words reach the message: a bad CRC, broken zlib data.
    @Test func corruptionKeepsLibpngText() throws {
        let data = try PngSuite.data("basn2c08")
        let chunks = try #require(PNGChunks.chunks(of: data))
        let idatIndex = try #require(chunks.firstIndex { $0.type == "IDAT" })
        let idatData = 8 + chunks[..<idatIndex].reduce(0) { $0 + 12 + $1.data.count } + 8
        var badCRC = data
        badCRC[idatData + chunks[idatIndex].data.count] ^= 0xFF
        #expect(throws: PNGError.corrupt("IDAT: CRC error")) { try PNGCodec.decode(badCRC) }
        var badData = data
        badData[idatData + 20] ^= 0xFF
        #expect { try PNGCodec.decode(badData) } throws: { error in
            guard case PNGError.corrupt(let message) = error else { return false }
            return message.hasPrefix("IDAT: ")
        }
    }

    @Test func descriptionsReadAsLowerCaseMessages() {
        #expect(PNGError.corrupt("IDAT: CRC error").description == "is corrupt or truncated: IDAT: CRC error")
        #expect(PNGError.encodeFailed("Invalid image width in IHDR").description
            == "could not be encoded as PNG: Invalid image width in IHDR")
        #expect(PNGError.outOfMemory("out of memory").description == "needs more memory than is available: out of memory")
        #expect(PNGError.internalError("x").description == "internal error, please report: x")
        let all: [PNGError] = [.notPNG, .tooLarge(PixelSize(square: 2), limit: 1), .corrupt("m"), .encodeFailed("m"),
                               .outOfMemory("m"), .internalError("m")]
        for error in all {
            let first = error.description.first
            #expect(first?.isLowercase == true)
            #expect(error.description.last != ".")
        }
    }
}
