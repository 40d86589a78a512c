import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport

@Suite struct EncodeTests {
    static let sizes = [PixelSize(square: 1), PixelSize(width: 37, height: 23), PixelSize(width: 1, height: 300),
                        PixelSize(width: 300, height: 1), PixelSize(square: 128)]

    @Test(arguments: sizes)
    func rgbaRoundTripsExactly(_ size: PixelSize) throws {
        let bitmap = TestBitmaps.ramps(width: size.width, height: size.height)
        let decoded = try PNGCodec.decode(PNGCodec.encode(bitmap, channels: .rgba))
        // Exact, transparent pixels' colours included: 8-bit sRGB data is never converted.
        #expect(decoded == bitmap)
    }

    @Test(arguments: sizes)
    func rgbRoundTripDropsAlpha(_ size: PixelSize) throws {
        let bitmap = TestBitmaps.opaque(TestBitmaps.ramps(width: size.width, height: size.height))
        let data = try PNGCodec.encode(bitmap, channels: .rgb)
        let info = try PNGCodec.info(data)
        #expect(info.colorType == .rgb)
        #expect(!info.hasAlphaChannel && !info.hasTRNS && !info.canBeTransparent)
        let decoded = try PNGCodec.decode(data)
        #expect(decoded.isOpaque)
        #expect(decoded == bitmap)
    }

    /// `.rgb` drops alpha as documented: nothing is composited, transparent pixels keep their colour.
    @Test func rgbOfATranslucentBitmapKeepsTheColourAndDropsAlpha() throws {
        let bitmap = TestBitmaps.ramps(width: 16, height: 16)
        #expect(!bitmap.isOpaque)
        let decoded = try PNGCodec.decode(PNGCodec.encode(bitmap, channels: .rgb))
        #expect(decoded == TestBitmaps.opaque(bitmap))
    }

    @Test func noiseRoundTripsThroughAGrowingBuffer() throws {
        let bitmap = TestBitmaps.noise(width: 256, height: 256)
        let data = try PNGCodec.encode(bitmap, channels: .rgba)
        #expect(data.count > 256 * 256 * 4 / 4 + 1024) // beyond the encoder's first guess
        #expect(try PNGCodec.decode(data) == bitmap)
    }

    @Test(arguments: [PixelChannels.rgba, .rgb])
    func infoOfAnEncodedFile(_ channels: PixelChannels) throws {
        let info = try PNGCodec.info(PNGCodec.encode(TestBitmaps.ramps(width: 20, height: 10), channels: channels))
        #expect(info == PNGInfo(size: PixelSize(width: 20, height: 10), bitDepth: 8,
                                colorType: channels == .rgba ? .rgba : .rgb,
                                hasSRGB: true, sRGBIntent: .perceptual))
    }

    /// Only what is needed: no gAMA/cHRM fallback, no time, no text, so the bytes are reproducible.
    @Test(arguments: [PixelChannels.rgba, .rgb])
    func writesOnlyIHDRSRGBIDATAndIEND(_ channels: PixelChannels) throws {
        let data = try PNGCodec.encode(TestBitmaps.noise(width: 300, height: 300), channels: channels)
        let types = try #require(PNGChunks.types(of: data))
        #expect(types.first == "IHDR")
        #expect(types.dropFirst().first == "sRGB")
        #expect(types.last == "IEND")
        #expect(Set(types.dropFirst(2).dropLast()) == ["IDAT"])
        // The CRCs the encoder wrote are the ones PNG defines.
        for chunk in try #require(PNGChunks.chunks(of: data)) {
            #expect(chunk.crc == PNGChunks.crc32(Array(chunk.type.utf8) + chunk.data))
        }
    }

    @Test(arguments: [PixelChannels.rgba, .rgb])
    func encodingIsByteStable(_ channels: PixelChannels) throws {
        let first = try PNGCodec.encode(TestBitmaps.ramps(width: 64, height: 48), channels: channels)
        let second = try PNGCodec.encode(TestBitmaps.ramps(width: 64, height: 48), channels: channels)
        #expect(first == second)
        let other = try PNGCodec.encode(TestBitmaps.ramps(width: 48, height: 64), channels: channels)
        #expect(first != other)
    }

    /// Decoding runs concurrently without shared libpng state.
    @Test func concurrentDecodesAgree() async throws {
        let names = ["basn6a16", "ibasn6a16", "ftbbn3p08", "basn0g01"]
        let references = try names.map { try PNGCodec.decode(PngSuite.data($0)) }
        let data = try names.map { try PngSuite.data($0) }
        let results = try await withThrowingTaskGroup(of: (Int, Bitmap).self) { group in
            for round in 0..<16 {
                let index = round % names.count
                let bytes = data[index]
                group.addTask { (index, try PNGCodec.decode(bytes)) }
            }
            return try await group.reduce(into: [(Int, Bitmap)]()) { $0.append($1) }
        }
        #expect(results.count == 16)
        #expect(results.allSatisfy { references[$0.0] == $0.1 })
    }

    /// Encoding runs concurrently without shared libpng state.
    @Test func concurrentEncodesAgree() async throws {
        let bitmap = TestBitmaps.ramps(width: 200, height: 120)
        let reference = try PNGCodec.encode(bitmap, channels: .rgba)
        let results = try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<8 {
                group.addTask { try PNGCodec.encode(bitmap, channels: .rgba) }
            }
            return try await group.reduce(into: [Data]()) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == reference })
    }
}
