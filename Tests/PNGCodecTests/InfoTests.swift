import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport

/// `info` reports the colour chunks as stored, before libpng would interpret them.
@Suite struct InfoTests {
    static func encodedRGB() throws -> Data {
        try PNGCodec.encode(TestBitmaps.opaque(TestBitmaps.ramps(width: 8, height: 8)), channels: .rgb)
    }

    /// libpng itself would report gAMA and cHRM as valid for any file with sRGB.
    @Test func sRGBDoesNotImplyGammaOrChromaticities() throws {
        let info = try PNGCodec.info(Self.encodedRGB())
        #expect(info.hasSRGB)
        #expect(info.gamma == nil && info.gammaValue == nil)
        #expect(!info.hasCHRM && !info.hasICCP)
    }

    @Test func gammaChromaticitiesAndProfileAreReported() throws {
        // cHRM for sRGB/Rec. 709: white point, red, green, blue, each x then y, × 100000.
        let chrm = [31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000].flatMap { PNGChunks.bigEndian(UInt32($0)) }
        // iCCP: name, NUL, compression method 0, then a zlib stream (not a valid profile here).
        let iccp = Array("Display P3".utf8) + [0, 0] + [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]
        let data = try #require(PNGChunks.inserting([
            PNGChunks.Chunk(type: "gAMA", data: PNGChunks.bigEndian(45455)),
            PNGChunks.Chunk(type: "cHRM", data: chrm),
            PNGChunks.Chunk(type: "iCCP", data: iccp),
        ], beforeIDATOf: Self.encodedRGB()))
        let info = try PNGCodec.info(data)
        #expect(info.gamma == 45455)
        #expect(info.gammaValue == 0.45455)
        #expect(info.hasCHRM)
        #expect(info.iccProfileName == "Display P3")
        #expect(info.hasICCP)
        #expect(info.hasSRGB && info.sRGBIntent == .perceptual)
        // The profile is not applied and does not stop the decode.
        #expect(try PNGCodec.decode(data) == PNGCodec.decode(Self.encodedRGB()))
    }

    @Test func profileNameIsLatin1() throws {
        let iccp = [0x43, 0x61, 0x66, 0xE9, 0, 0, 0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01] as [UInt8]
        let stripped = try #require(PNGChunks.removing(["sRGB"], from: Self.encodedRGB()))
        let data = try #require(PNGChunks.inserting([PNGChunks.Chunk(type: "iCCP", data: iccp)], beforeIDATOf: stripped))
        #expect(try PNGCodec.info(data).iccProfileName == "Caf\u{E9}")
    }

    @Test(arguments: PNGInfo.RenderingIntent.allCases)
    func renderingIntentIsRead(_ intent: PNGInfo.RenderingIntent) throws {
        let stripped = try #require(PNGChunks.removing(["sRGB"], from: Self.encodedRGB()))
        let data = try #require(PNGChunks.inserting([PNGChunks.Chunk(type: "sRGB", data: [UInt8(intent.rawValue)])],
                                                    beforeIDATOf: stripped))
        let info = try PNGCodec.info(data)
        #expect(info.hasSRGB && info.sRGBIntent == intent)
        #expect(try !PNGCodec.info(stripped).hasSRGB)
    }

    @Test func malformedSRGBIsPresentWithoutIntent() throws {
        let stripped = try #require(PNGChunks.removing(["sRGB"], from: Self.encodedRGB()))
        let data = try #require(PNGChunks.inserting([PNGChunks.Chunk(type: "sRGB", data: [0, 0])], beforeIDATOf: stripped))
        let info = try PNGCodec.info(data)
        #expect(info.hasSRGB)
        #expect(info.sRGBIntent == nil)
    }

    /// The App Store rule for the marketing icon: colour type 2 and no tRNS. A tRNS on an RGB image
    /// is what breaks it, and decoding shows the pixels it makes transparent.
    @Test func tRNSOnAnRGBImageIsReportedAndApplied() throws {
        var bitmap = Bitmap(width: 4, height: 4, filledWith: RGBAColor(red: 10, green: 20, blue: 30))
        bitmap.pixels[0..<4] = [1, 2, 3, 255]
        let rgb = try PNGCodec.encode(bitmap, channels: .rgb)
        let trns = PNGChunks.Chunk(type: "tRNS", data: [0, 1, 0, 2, 0, 3])
        let data = try #require(PNGChunks.inserting([trns], beforeIDATOf: rgb))
        let info = try PNGCodec.info(data)
        #expect(info.colorType == .rgb && !info.hasAlphaChannel)
        #expect(info.hasTRNS && info.canBeTransparent)
        let decoded = try PNGCodec.decode(data)
        #expect(decoded.pixel(x: 0, y: 0).alpha == 0)
        #expect(decoded.pixel(x: 1, y: 0) == RGBAColor(red: 10, green: 20, blue: 30))
    }

    /// `info` stops at the first IDAT: image data it never reads cannot fail it.
    @Test func infoDoesNotReadImageData() throws {
        let data = PNGChunks.file([
            PNGChunks.ihdr(width: 640, height: 480, bitDepth: 16, colorType: 4, interlace: 1),
            PNGChunks.Chunk(type: "IDAT", data: [1, 2, 3, 4]),
            PNGChunks.Chunk(type: "IEND", data: []),
        ])
        let info = try PNGCodec.info(data)
        #expect(info == PNGInfo(size: PixelSize(width: 640, height: 480), bitDepth: 16,
                                colorType: .grayscaleAlpha, isInterlaced: true))
        #expect(throws: PNGError.self) { try PNGCodec.decode(data) }
    }

    @Test(arguments: [(UInt8(3), UInt8(2)), (16, 3), (8, 1), (8, 7), (1, 6)])
    func invalidHeaderIsCorrupt(_ bitDepth: UInt8, _ colorType: UInt8) throws {
        let data = PNGChunks.file([
            PNGChunks.ihdr(width: 8, height: 8, bitDepth: bitDepth, colorType: colorType),
            PNGChunks.Chunk(type: "IDAT", data: [1, 2, 3, 4]),
            PNGChunks.Chunk(type: "IEND", data: []),
        ])
        #expect { try PNGCodec.info(data) } throws: { error in
            guard case PNGError.corrupt(let message) = error else { return false }
            return !message.isEmpty
        }
    }

    @Test func colourTypeDescriptionsNameTheNumbers() {
        #expect(PNGInfo.ColorType.rgb.description == "colour type 2 (RGB)")
        #expect(PNGInfo.ColorType.rgba.description == "colour type 6 (RGBA)")
        #expect(PNGInfo.ColorType.allCases.map(\.rawValue) == [0, 2, 3, 4, 6])
        #expect(PNGInfo.ColorType.allCases.filter(\.hasAlphaChannel) == [.grayscaleAlpha, .rgba])
    }
}
