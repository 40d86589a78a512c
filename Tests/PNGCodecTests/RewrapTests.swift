import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport

/// `PNGCodec.rewrapped`: a PNG whose stored rows already are an output's, written again around
/// its own image data (issue 38: the 1024 px master of a 1024 px icon is not compressed again).
@Suite struct RewrapTests {
    /// A file as another tool writes it: the encoder's rows, without our sRGB chunk, with a text
    /// chunk and the image data cut into several IDAT chunks.
    static func foreignFile(_ bitmap: Bitmap, channels: PixelChannels, idatPieces: Int = 3) throws -> Data {
        let encoded = try PNGCodec.encode(bitmap, channels: channels)
        let chunks = try #require(PNGChunks.chunks(of: encoded))
        let stream = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        let piece = (stream.count + idatPieces - 1) / idatPieces
        let idat = stride(from: 0, to: stream.count, by: piece).map {
            PNGChunks.Chunk(type: "IDAT", data: Array(stream[$0..<min($0 + piece, stream.count)]))
        }
        let text = PNGChunks.Chunk(type: "tEXt", data: Array("Software\u{0}Some Editor".utf8))
        return PNGChunks.file([chunks[0], text] + idat + [PNGChunks.Chunk(type: "IEND", data: [])])
    }

    @Test(arguments: [PixelChannels.rgb, .rgba])
    func keepsTheImageDataAndDecodesToTheSamePixels(_ channels: PixelChannels) throws {
        let bitmap = channels == .rgb ? TestBitmaps.opaque(TestBitmaps.noise(width: 64, height: 48))
                                      : TestBitmaps.ramps(width: 64, height: 48)
        let file = try Self.foreignFile(bitmap, channels: channels)
        let rewrapped = try #require(try PNGCodec.rewrapped(file, channels: channels))
        #expect(try PNGCodec.decode(rewrapped) == PNGCodec.decode(file))
        #expect(try PNGCodec.decode(rewrapped) == bitmap)
        // What encoding writes around the rows: IHDR, sRGB, the IDAT chunks as stored, IEND.
        #expect(PNGChunks.types(of: rewrapped) == ["IHDR", "sRGB", "IDAT", "IDAT", "IDAT", "IEND"])
        let stored = try #require(PNGChunks.chunks(of: file)).filter { $0.type == "IDAT" }
        #expect(try #require(PNGChunks.chunks(of: rewrapped)).filter { $0.type == "IDAT" } == stored)
        #expect(try PNGCodec.info(rewrapped) == PNGCodec.info(PNGCodec.encode(bitmap, channels: channels)))
    }

    /// The colour type must be the output's: RGB rows are not an RGBA output's, nor the reverse.
    @Test func anotherColourTypeIsEncoded() throws {
        let bitmap = TestBitmaps.opaque(TestBitmaps.noise(width: 8, height: 8))
        #expect(try PNGCodec.rewrapped(Self.foreignFile(bitmap, channels: .rgb), channels: .rgba) == nil)
        #expect(try PNGCodec.rewrapped(Self.foreignFile(bitmap, channels: .rgba), channels: .rgb) == nil)
    }

    /// Chunks that make a decoder change the samples, and rows stored otherwise, are encoded.
    @Test(arguments: ["gAMA", "cHRM", "tRNS", "interlaced", "16-bit", "palette", "second IDAT run"])
    func filesWhoseRowsAreNotThePixelsAreEncoded(_ kind: String) throws {
        let rgb = try Self.foreignFile(TestBitmaps.opaque(TestBitmaps.noise(width: 8, height: 8)), channels: .rgb)
        let file: Data
        switch kind {
        case "gAMA": file = try #require(PNGChunks.inserting([.init(type: "gAMA", data: PNGChunks.bigEndian(100_000))],
                                                             beforeIDATOf: rgb))
        case "cHRM": file = try #require(PNGChunks.inserting([.init(type: "cHRM", data: Array(repeating: 0, count: 32))],
                                                             beforeIDATOf: rgb))
        case "tRNS": file = try #require(PNGChunks.inserting([.init(type: "tRNS", data: [0, 0, 0, 0, 0, 0])], beforeIDATOf: rgb))
        case "interlaced": file = try PngSuite.data("ibasn2c08")
        case "16-bit": file = try PngSuite.data("basn2c16")
        case "palette": file = try PngSuite.data("basn3p08")
        default:
            var chunks = try #require(PNGChunks.chunks(of: rgb))
            chunks.insert(PNGChunks.Chunk(type: "tEXt", data: Array("a\u{0}b".utf8)), at: chunks.count - 2)
            file = PNGChunks.file(chunks)
        }
        #expect(try PNGCodec.rewrapped(file, channels: .rgb) == nil)
        #expect(!PNGCodec.storesOutputRows(file) || kind == "second IDAT run")
    }

    @Test func theHeaderCheckAgreesWithTheRewrap() throws {
        let rgba = try Self.foreignFile(TestBitmaps.ramps(width: 8, height: 8), channels: .rgba)
        #expect(PNGCodec.storesOutputRows(rgba))
        #expect(!PNGCodec.storesOutputRows(Data("not a png".utf8)))
    }
}
