import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport

/// Every PngSuite image decodes, `info` reads what its name declares, and each interlaced copy
/// decodes to the pixels of its original.
@Suite struct PngSuiteTests {
    @Test func theListCoversTheSuiteFolder() throws {
        let folder = Fixtures.pngSuiteDirectory
        let manager = FileManager.default
        let top = try manager.contentsOfDirectory(atPath: folder.path)
        let nested = try manager.contentsOfDirectory(atPath: folder.appendingPathComponent("interlaced").path)
        let found = Set(top.filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }
            + nested.filter { $0.hasSuffix(".png") }.map { "interlaced/" + $0.dropLast(4) })
        #expect(found == Set(PngSuite.all))
        #expect(PngSuite.all.count == 60)
    }

    @Test(arguments: PngSuite.all)
    func decodesToA32PixelSquare(_ name: String) throws {
        let bitmap = try PNGCodec.decode(PngSuite.data(name))
        #expect(bitmap.size == PixelSize(square: 32))
        let declared = try #require(PngSuite.declared(name))
        let transparent = declared.colorType == 4 || declared.colorType == 6 || PngSuite.hasTRNS(name)
        #expect(bitmap.isOpaque == !transparent)
    }

    @Test(arguments: PngSuite.all)
    func infoReadsWhatTheNameDeclares(_ name: String) throws {
        let info = try PNGCodec.info(PngSuite.data(name))
        let declared = try #require(PngSuite.declared(name))
        #expect(info.size == PixelSize(square: 32))
        #expect(info.colorType.rawValue == declared.colorType)
        #expect(info.bitDepth == declared.bitDepth)
        #expect(info.hasTRNS == PngSuite.hasTRNS(name))
        #expect(info.hasAlphaChannel == (declared.colorType == 4 || declared.colorType == 6))
        let isCopy = PngSuite.baseName(name).hasPrefix("i")
        #expect(info.isInterlaced == (isCopy && !PngSuite.notActuallyInterlaced.contains(name)))
        #expect((info.paletteEntries > 0) == (declared.colorType == 3))
        #expect(!info.hasSRGB && !info.hasCHRM && !info.hasICCP)
        // The originals carry gAMA 1.0 (except ftbbn0g01 with none and ftbbn0g02 with 1/2.2);
        // libpng's interlaced copies carry none.
        switch name {
        case "ftbbn0g01": #expect(info.gamma == nil)
        case "ftbbn0g02": #expect(info.gamma == 45455)
        default: #expect(info.gamma == (isCopy ? nil : 100_000))
        }
    }

    /// The copies have lost the originals' gAMA chunk, and gAMA changes decoded values, so the
    /// original is compared without it. Interlaced 16-bit files go through libpng's 16-bit linear
    /// output (to dodge libpng issue #853), which may round a sample by 1.
    @Test(arguments: PngSuite.interlacedCopies)
    func interlacedCopyDecodesLikeItsOriginal(_ copy: String) throws {
        let original = try #require(PNGChunks.removing(["gAMA"], from: PngSuite.data(PngSuite.original(of: copy))))
        let expected = try PNGCodec.decode(original)
        let actual = try PNGCodec.decode(PngSuite.data(copy))
        let wide = PngSuite.declared(copy)?.bitDepth == 16 && !PngSuite.notActuallyInterlaced.contains(copy)
        let comparison = BitmapComparison(expected: expected, actual: actual, tolerance: wide ? 1 : 0)
        #expect(comparison.passes(), "\(comparison.summary)")
    }

    /// The same with gAMA 1.0 put back into the 16-bit copies: the gamma conversion of the
    /// interlaced 16-bit path agrees with libpng's own.
    @Test(arguments: ["ibasn0g16", "ibasn2c16", "ibasn4a16", "ibasn6a16"])
    func interlaced16BitCopyWithGammaDecodesLikeItsOriginal(_ copy: String) throws {
        let linear = PNGChunks.Chunk(type: "gAMA", data: PNGChunks.bigEndian(100_000))
        let withGamma = try #require(PNGChunks.inserting([linear], beforeIDATOf: PngSuite.data(copy)))
        #expect(try PNGCodec.info(withGamma).gamma == 100_000)
        let expected = try PNGCodec.decode(PngSuite.data(PngSuite.original(of: copy)))
        let actual = try PNGCodec.decode(withGamma)
        let comparison = BitmapComparison(expected: expected, actual: actual, tolerance: 1)
        #expect(comparison.passes(), "\(comparison.summary)")
        // Without the fix, about half the samples were off by up to 255.
        #expect(comparison.maxChannelDelta <= 1)
    }
}
