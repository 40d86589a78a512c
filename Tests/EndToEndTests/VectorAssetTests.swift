import AssetCore
import Foundation
import ImageProbe
import PNGCodec
import Preview
import Testing
import TestSupport

/// `vector: pdf | svg` and PDF sources, through the CLI as a user runs it: the Contents.json of a
/// vector set, the written PDF's page size read back with poppler, PNGs drawn from a PDF source
/// compared with goldens, byte-stable rebuilds, verify on the result, and the errors for what a
/// vector file cannot hold. The PDF sources are made by the tool itself (Cairo) in the test.
@Suite struct VectorAssetTests {
    /// A folder with `heart-outline.svg` and `heart.pdf`, a 24×24 pt one-page PDF drawn from it by Cairo.
    static func project(_ label: String) throws -> String {
        let dir = CLI.temporaryDirectory(label)
        try FileManager.default.copyItem(atPath: Fixtures.url("Artwork/heart-outline.svg").path, toPath: dir + "/heart-outline.svg")
        try FileManager.default.copyItem(atPath: Fixtures.url("Artwork/square-half.svg").path, toPath: dir + "/square-half.svg")
        let maker = dir + "/maker"
        try FileManager.default.createDirectory(atPath: maker, withIntermediateDirectories: true)
        try """
        table: ios18
        output: out
        assets:
          - {name: Heart, kind: image, source: ../heart-outline.svg, size: 24, vector: pdf}
        """.write(toFile: maker + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let made = try CLI.run([], in: maker)
        guard made.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: ["stderr": made.stderr]) }
        try FileManager.default.copyItem(atPath: maker + "/out/Assets.xcassets/Heart.imageset/Heart.pdf", toPath: dir + "/heart.pdf")
        return dir
    }

    static func json(_ path: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any] ?? [:]
    }

    @Test func barGlyphPDFImageSVGAndPDFSourceVerify() throws {
        let dir = try Self.project("vector")
        try """
        table: ios18
        assets:
          - {name: Heart, kind: bar-glyph, source: heart-outline.svg, vector: pdf}
          - {name: Square, kind: image, source: square-half.svg, size: 40x30, vector: svg}
          - {name: FromPDF, kind: image, source: heart.pdf, size: 24, scales: [2x, 3x]}
          - {name: Fallbacks, kind: image, source: heart.pdf, size: 24, vector: pdf, scales: [2x]}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let build = try CLI.run([], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        let catalog = dir + "/Output/Assets.xcassets"

        // The bar glyph: one single-scale PDF per size class, template, vector preserved.
        let heart = try Self.json(catalog + "/Heart.imageset/Contents.json")
        let images = heart["images"] as? [[String: String]] ?? []
        #expect(images == [["filename": "Heart.pdf", "idiom": "universal"],
                           ["filename": "Heart-compact.pdf", "height-class": "compact", "idiom": "universal"]])
        let properties = heart["properties"] as? [String: Any] ?? [:]
        #expect(properties["preserves-vector-representation"] as? Bool == true)
        #expect(properties["template-rendering-intent"] as? String == "template")
        // Its pages are the table's glyph boxes in points, read back with poppler.
        let regular = try VectorReader.size(ofFileAt: catalog + "/Heart.imageset/Heart.pdf", format: .pdf)
        let compact = try VectorReader.size(ofFileAt: catalog + "/Heart.imageset/Heart-compact.pdf", format: .pdf)
        #expect(regular.width == 24 && regular.height == 24)
        #expect(compact.width == 18 && compact.height == 18)

        // The image as SVG: a Cairo-made document of 40x30 px (one px to the point), nothing to run.
        let square = try Self.json(catalog + "/Square.imageset/Contents.json")
        #expect(square["images"] as? [[String: String]] == [["filename": "Square.svg", "idiom": "universal"]])
        #expect((square["properties"] as? [String: Any])?["preserves-vector-representation"] as? Bool == true)
        let svg = try String(contentsOfFile: catalog + "/Square.imageset/Square.svg", encoding: .utf8)
        #expect(svg.contains("width=\"40px\" height=\"30px\" viewBox=\"0 0 40 30\""), "\(svg)")
        #expect(!svg.contains("<script") && !svg.contains("href=\"http"))

        // PNGs drawn from a PDF source at each size: exact pixels, matching the goldens.
        for (scale, side) in [("@2x", 48), ("@3x", 72)] {
            let bitmap = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: "\(catalog)/FromPDF.imageset/FromPDF\(scale).png")))
            #expect(bitmap.size == PixelSize(width: side, height: side))
            expectMatchesGolden(bitmap, named: "vector/heart-pdf\(scale)", tolerance: 2, maxDifferingPixels: 4)
        }

        // PNG fallbacks beside a vector file, in one set.
        let fallbacks = try Self.json(catalog + "/Fallbacks.imageset/Contents.json")
        #expect(fallbacks["images"] as? [[String: String]] == [["filename": "Fallbacks.pdf", "idiom": "universal"],
                                                                ["filename": "Fallbacks@2x.png", "idiom": "universal", "scale": "2x"]])

        // The preview draws a vector set from its files at @2x and @3x, labelled as vector.
        let preview = PreviewCatalog.read(at: catalog)
        let drawn = try #require(preview.set(named: "Heart")).images
        #expect(drawn.allSatisfy(\.isVector) && drawn.count == 4)
        #expect(Set(drawn.map { "\($0.isCompact ? "compact" : "regular") @\($0.scale)x \($0.bitmap.width)" })
                == ["regular @2x 48", "regular @3x 72", "compact @2x 36", "compact @3x 54"])

        let verify = try CLI.run(["verify"], in: dir)
        #expect(verify.status == 0, "\(verify.stdout)")
        let alone = try CLI.run(["verify", "--catalog", "Output/Assets.xcassets"], in: dir)
        #expect(alone.status == 0, "\(alone.stdout)")
    }

    @Test func rebuildsWriteIdenticalBytes() throws {
        let dir = try Self.project("vector-stable")
        try """
        table: ios18
        assets:
          - {name: Heart, kind: bar-glyph, source: heart-outline.svg, vector: pdf}
          - {name: HeartSVG, kind: bar-glyph, source: heart.pdf, vector: svg}
          - {name: Square, kind: image, source: square-half.svg, size: 40, vector: svg}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let files = ["Heart.imageset/Heart.pdf", "Heart.imageset/Heart-compact.pdf", "HeartSVG.imageset/HeartSVG.svg",
                     "Square.imageset/Square.svg"]
        func bytes() throws -> [Data] {
            try files.map { try Data(contentsOf: URL(fileURLWithPath: dir + "/Output/Assets.xcassets/" + $0)) }
        }
        #expect(try CLI.run([], in: dir).status == 0)
        let first = try bytes()
        let forced = try CLI.run(["build", "--force", "--jobs", "1"], in: dir)
        #expect(forced.status == 0)
        #expect(forced.stderr.contains("0 written"), "\(forced.stderr)")
        #expect(try bytes() == first)
        let again = try CLI.run([], in: dir)
        #expect(again.stderr.contains("0 rendered"), "\(again.stderr)")
    }

    @Test func brokenAndHostilePDFsNameTheFile() throws {
        let dir = try Self.project("vector-hostile")
        let good = try Data(contentsOf: URL(fileURLWithPath: dir + "/heart.pdf"))
        let text = String(decoding: good, as: UTF8.self)
        try good.prefix(good.count / 3).write(to: URL(fileURLWithPath: dir + "/truncated.pdf"))
        try Data("\u{89}PNG not a pdf".utf8).write(to: URL(fileURLWithPath: dir + "/png-named.pdf"))
        try Data(text.replacingOccurrences(of: "/MediaBox [ 0 0 24 24 ]", with: "/MediaBox [ 0 0 99999 24 ]").utf8)
            .write(to: URL(fileURLWithPath: dir + "/huge.pdf"))
        // Encrypted with a user password: an /Encrypt dictionary (standard handler) in the trailer.
        let encrypt = "99 0 obj\n<< /Filter /Standard /V 1 /R 2 /O <" + String(repeating: "11", count: 32)
            + "> /U <" + String(repeating: "22", count: 32) + "> /P -4 >>\nendobj\n"
        let trailer = try #require(text.range(of: "trailer", options: .backwards))
        let encrypted = String(text[..<trailer.lowerBound]) + encrypt
            + String(text[trailer.lowerBound...]).replacingOccurrences(
                of: "<< /Size", with: "<< /Encrypt 99 0 R /ID [<00112233445566778899aabbccddeeff><00112233445566778899aabbccddeeff>] /Size")
        try Data(encrypted.utf8).write(to: URL(fileURLWithPath: dir + "/encrypted.pdf"))
        try """
        table: ios18
        assets:
          - {name: Truncated, kind: image, source: truncated.pdf, size: 24}
          - {name: NotPDF, kind: image, source: png-named.pdf, size: 24}
          - {name: Huge, kind: image, source: huge.pdf, size: 24}
          - {name: Locked, kind: bar-glyph, source: encrypted.pdf, vector: pdf}
          - {name: Page, kind: image, source: heart.pdf, page: 2, size: 24}
          - {name: Fine, kind: image, source: heart.pdf, size: 24}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let build = try CLI.run([], in: dir)
        #expect(build.status == 1)
        for line in [
            "truncated.pdf: error: cannot read the pdf: PDF document is damaged",
            "png-named.pdf: error: cannot read the pdf: it has no %PDF- header, so it is not a pdf",
            "huge.pdf: error: the pdf page is 99999x24 pt, more than 16384 pt a side",
            "encrypted.pdf: error: the pdf is encrypted (it needs a password), so it cannot be read\n  fix: export the artwork again without a password (no encryption)",
            "heart.pdf: error: the pdf has 1 page, so it has no page 2\n  fix: choose a page from 1 to 1 with \"page\", or leave it out for the first",
        ] {
            #expect(build.stderr.contains(line), "\(line)\n---\n\(build.stderr)")
        }
        // Everything else is still written.
        #expect(FileManager.default.fileExists(atPath: dir + "/Output/Assets.xcassets/Fine.imageset/Fine@3x.png"))
    }

    @Test func whatAVectorCannotHoldIsAManifestError() throws {
        let dir = try Self.project("vector-refused")
        try FileManager.default.copyItem(atPath: Fixtures.url("Artwork/display-p3.png").path, toPath: dir + "/bitmap.png")
        try """
        table: ios18
        assets:
          - {name: Bitmap, kind: image, source: bitmap.png, size: 10, vector: pdf}
          - {name: Tab, kind: tab-icon, source: heart-outline.svg, vector: pdf}
          - {name: Back, kind: back-indicator, source: heart-outline.svg, vector: svg}
          - {name: Flat, kind: image, source: heart.pdf, size: 24, background: "#FFFFFF", vector: pdf}
          - {name: Page, kind: image, source: heart-outline.svg, size: 24, page: 2}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let build = try CLI.run([], in: dir)
        #expect(build.status == 2)
        let expected = """
        assetsmith.yml:3:71: error: "vector" in asset "Bitmap" needs SVG or PDF sources, but "bitmap.png" is a PNG
          fix: use an SVG or PDF source, or remove "vector" to write PNGs
        assetsmith.yml:4:68: error: "vector" in asset "Tab" cannot be used with a derived filled form: that form is derived from pixels, and a vector file cannot hold it
          fix: give both forms, "source" (outline) and "selected-source" (filled), as SVG or PDF, or remove "vector"
        assetsmith.yml:5:75: error: "vector" in asset "Back" cannot be used with a derived transition mask: that form is derived from pixels, and a vector file cannot hold it
          fix: give the mask as "mask-source" (SVG or PDF), or remove "vector"
        assetsmith.yml:6:91: error: "vector" in asset "Flat" cannot be used with "background" (a flattened, opaque image): that form is derived from pixels, and a vector file cannot hold it
          fix: remove "background" (draw the background in the artwork), or remove "vector"
        assetsmith.yml:7:74: error: "page" in asset "Page" is for PDF sources, and this asset has none
          fix: remove "page", or use a PDF source
        """
        #expect(build.stderr.contains(expected), "\(build.stderr)")
    }
}

/// Verify on vector outputs that are wrong: a PDF page of the wrong size and a file that is not
/// what its name says.
@Suite struct VectorVerifyTests {
    @Test func wrongPageSizeAndWrongContentAreErrors() throws {
        let dir = try VectorAssetTests.project("vector-verify")
        try """
        table: ios18
        assets:
          - {name: Heart, kind: bar-glyph, source: heart-outline.svg, vector: pdf}
        """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        #expect(try CLI.run([], in: dir).status == 0)
        let set = dir + "/Output/Assets.xcassets/Heart.imageset/"
        try FileManager.default.removeItem(atPath: set + "Heart.pdf")
        try FileManager.default.copyItem(atPath: set + "Heart-compact.pdf", toPath: set + "Heart.pdf")
        try FileManager.default.removeItem(atPath: set + "Heart-compact.pdf")
        try FileManager.default.copyItem(atPath: Fixtures.url("Artwork/display-p3.png").path, toPath: set + "Heart-compact.pdf")
        let verify = try CLI.run(["verify"], in: dir)
        #expect(verify.status == 1)
        #expect(verify.stdout.contains("Output/Assets.xcassets/Heart.imageset/Heart.pdf: error: is a 18x18 pt page but slot Heart regular 24x24pt pdf needs 24x24 pt"),
                "\(verify.stdout)")
        #expect(verify.stdout.contains("Output/Assets.xcassets/Heart.imageset/Heart-compact.pdf: error:"), "\(verify.stdout)")
    }
}
