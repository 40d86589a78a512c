import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport

/// Pixel values worked out from the raw samples of PngSuite files (inflated and unfiltered by a
/// separate reference decoder, not libpng), then converted as a PNG decoder must.
///
/// Files with gAMA 1.0 hold linear light. libpng re-encodes them with the 1/2.2 power law (not
/// the exact sRGB curve with its linear toe, which would give 13 instead of 21 for 1/255).
@Suite struct KnownPixelTests {
    /// Positions probed in each file, with the raw samples found there.
    static let probes = [(0, 0), (31, 0), (0, 31), (31, 31), (10, 5), (5, 20)]
    /// basn0g16: 16-bit grey samples at `probes`.
    static let grey16: [UInt16] = [0, 47871, 15872, 255, 25600, 21760]
    /// basn3p08: palette colours at `probes`.
    static let palette: [(UInt8, UInt8, UInt8)] = [(1, 0, 0), (1, 0, 1), (255, 254, 254), (255, 254, 255),
                                                   (85, 85, 0), (255, 164, 68)]

    /// A linear-light value in 0…1 encoded with gamma 1/2.2, as an 8-bit sample.
    static func gamma22(linear: Double) -> UInt8 {
        UInt8((pow(linear, 0.45455) * 255).rounded())
    }

    static func expectClose(_ actual: UInt8, _ expected: UInt8, by tolerance: UInt8 = 1,
                            _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let delta = actual > expected ? actual - expected : expected - actual
        #expect(delta <= tolerance, "\(what): got \(actual), expected \(expected)", sourceLocation: sourceLocation)
    }

    /// Without gAMA, 16-bit samples are sRGB-encoded and only lose their low byte.
    @Test func sixteenBitGreyWithoutGammaScalesTo8Bit() throws {
        let bitmap = try PNGCodec.decode(PngSuite.data("ibasn0g16"))
        for ((x, y), sample) in zip(Self.probes, Self.grey16) {
            let expected = UInt8((Double(sample) * 255 / 65535).rounded())
            let pixel = bitmap.pixel(x: x, y: y)
            Self.expectClose(pixel.red, expected, "grey at \(x),\(y)")
            #expect(pixel.red == pixel.green && pixel.green == pixel.blue)
            #expect(pixel.alpha == 255)
        }
    }

    /// basn0g16 declares gAMA 1.0: its samples are linear light and come out sRGB-encoded.
    @Test func sixteenBitLinearGreyIsConvertedToSRGB() throws {
        let bitmap = try PNGCodec.decode(PngSuite.data("basn0g16"))
        for ((x, y), sample) in zip(Self.probes, Self.grey16) {
            let expected = Self.gamma22(linear: Double(sample) / 65535)
            Self.expectClose(bitmap.pixel(x: x, y: y).red, expected, "grey at \(x),\(y)")
        }
        // The conversion is visible: 25600/65535 would be 100 without it.
        #expect(bitmap.pixel(x: 10, y: 5).red == 166)
    }

    @Test func paletteWithoutGammaGivesThePaletteColours() throws {
        let bitmap = try PNGCodec.decode(PngSuite.data("ibasn3p08"))
        for ((x, y), (r, g, b)) in zip(Self.probes, Self.palette) {
            #expect(bitmap.pixel(x: x, y: y) == RGBAColor(red: r, green: g, blue: b, alpha: 255))
        }
    }

    @Test func linearPaletteIsConvertedToSRGB() throws {
        let bitmap = try PNGCodec.decode(PngSuite.data("basn3p08"))
        for ((x, y), (r, g, b)) in zip(Self.probes, Self.palette) {
            let pixel = bitmap.pixel(x: x, y: y)
            Self.expectClose(pixel.red, Self.gamma22(linear: Double(r) / 255), "red at \(x),\(y)")
            Self.expectClose(pixel.green, Self.gamma22(linear: Double(g) / 255), "green at \(x),\(y)")
            Self.expectClose(pixel.blue, Self.gamma22(linear: Double(b) / 255), "blue at \(x),\(y)")
            #expect(pixel.alpha == 255)
        }
    }

    /// ftbrn2c08: RGB with tRNS naming white (0x00FF each) as transparent; 453 of its pixels are
    /// white, the first row among them.
    @Test func tRNSColourBecomesTransparent() throws {
        let bitmap = try PNGCodec.decode(PngSuite.data("ftbrn2c08"))
        var transparent = 0
        for y in 0..<32 {
            for x in 0..<32 {
                let alpha = bitmap.pixel(x: x, y: y).alpha
                #expect(alpha == 0 || alpha == 255)
                if alpha == 0 { transparent += 1 }
            }
        }
        #expect(transparent == 453)
        #expect(bitmap.pixel(x: 0, y: 0).alpha == 0)
        #expect(bitmap.pixel(x: 31, y: 31).alpha == 0)
        // An opaque grey pixel, raw 158 in linear light (gAMA 1.0).
        let grey = bitmap.pixel(x: 16, y: 16)
        #expect(grey.alpha == 255)
        Self.expectClose(grey.red, Self.gamma22(linear: 158.0 / 255), "grey at 16,16")
    }

    /// 16-bit RGBA: alpha is scaled, never gamma-converted, and the colour stays straight
    /// (not premultiplied). Raw samples at 10,5: (49931, 65535, 0, 21141); at 0,0 alpha 0.
    @Test(arguments: ["basn6a16", "ibasn6a16"])
    func sixteenBitAlphaIsScaledAndColourStaysStraight(_ name: String) throws {
        let bitmap = try PNGCodec.decode(PngSuite.data(name))
        #expect(bitmap.pixel(x: 0, y: 0).alpha == 0)
        let pixel = bitmap.pixel(x: 10, y: 5)
        #expect(pixel.alpha == 82) // 21141 / 257
        #expect(pixel.green == 255 && pixel.blue == 0)
        // basn6a16 declares gAMA 1.0, its interlaced copy has no gAMA (16-bit taken as sRGB).
        let red = name == "basn6a16" ? Self.gamma22(linear: 49931.0 / 65535) : 194
        Self.expectClose(pixel.red, red, "red at 10,5")
    }
}
