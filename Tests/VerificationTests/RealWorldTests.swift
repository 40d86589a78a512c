import AssetCatalog
import AssetCore
import Foundation
import ImageProbe
import PNGCodec
import Testing
import TestSupport
import Verification

/// Catalogs reconstructed from shipping apps (`Tests/Fixtures/Verify/RealWorld/*`, each README names
/// the repository and commit): what Xcode and App Store Connect accept gives no error, and each
/// finding is the one a user should see.
@Suite struct RealWorldTests {
    static func catalog(_ name: String) -> String {
        Fixtures.url("Verify/RealWorld/\(name)/Assets.xcassets").path
    }

    /// `warning not-png AppIcon.appiconset/1024.png`: severity, rule and file inside the catalog.
    static func summary(_ report: VerifyReport) -> [String] {
        report.findings.map { finding in
            let file = finding.file.hasPrefix("Assets.xcassets/") ? String(finding.file.dropFirst(16)) : finding.file
            return "\(finding.severity.rawValue) \(finding.rule.rawValue) \(file)"
        }
    }

    /// Fixture, `--app-icon`, and the findings expected.
    static let cases: [(String, String, [String])] = [
        ("ios-single-size-rgba", "AppIcon", ["warning alpha-channel AppIcon.appiconset/Icon_1024x1024.png"]),
        ("ios-single-size-rgba", "OtherIcon", []),
        ("macos-icon", "AppIcon", []),
        ("action-extension", "AppIcon", []),
        ("action-extension", "ActionIcon", ["error transparency ActionIcon.appiconset/ActionIcon1024.png"]),
        ("alternate-icons", "AppIcon", []),
        ("watchos", "AppIcon", ["warning alpha-channel AppIcon.appiconset/pocketcasts-1024.png"]),
        ("watchos", "WatchIcon", []),
        ("tvos-brand-assets", "AppIcon", []),
        ("visionos-solid-stack", "AppIcon", []),
        ("webp-named-png", "AppIcon", [
            "warning not-png AppIcon.appiconset/1024.png", "warning not-png AppIcon.appiconset/128-mac.png",
            "warning not-png AppIcon.appiconset/16-mac.png", "warning not-png AppIcon.appiconset/16-mac@2x.png",
        ]),
        ("image-types", "AppIcon", []),
    ]

    @Test(arguments: cases.indices)
    func shippingCatalogGivesTheExpectedFindings(_ index: Int) {
        let (fixture, appIcon, expected) = Self.cases[index]
        let report = Verifier.verify(catalogAt: Self.catalog(fixture), displayPath: "Assets.xcassets", appIcon: appIcon)
        #expect(Self.summary(report) == expected, "\(fixture) --app-icon \(appIcon)")
        #expect(report.passed == !expected.contains { $0.hasPrefix("error") })
    }

    @Test func opaqueRGBAAppStoreIconIsAWarningThatStrictTurnsIntoAFailure() throws {
        let report = Verifier.verify(catalogAt: Self.catalog("ios-single-size-rgba"), displayPath: "Assets.xcassets")
        let finding = try #require(report.findings.first)
        #expect(finding.message == "has an alpha channel (colour type 6 (RGBA)) although every pixel is opaque; App Store "
            + "Connect has rejected such App Store icons (ITMS-90717) while shipping apps carry them")
        #expect(report.passed)
        #expect(!report.applying(.strict).passed)
    }

    @Test func webpNamedPNGIsAWarningWithTheSizeReadFromTheWebPData() throws {
        let report = Verifier.verify(catalogAt: Self.catalog("webp-named-png"), displayPath: "Assets.xcassets")
        let finding = try #require(report.findings.first)
        #expect(finding.message == "is a WebP file, not a PNG (whatever its .png extension says); actool reads it by its "
            + "content, so Xcode accepts it, but other tools go by the name")
        #expect(finding.fix == "rename it to .webp (and its \"filename\" in Contents.json), or convert it to PNG")
        #expect(report.files == 4)
        #expect(!report.findings.contains { $0.rule == .pixelSize })
    }

    @Test func coverageSaysWhichSetsWereCheckedAndWhichWereNot() {
        // Brand assets, image stacks and their layers are checked (roles, layers, sizes).
        let report = Verifier.verify(catalogAt: Self.catalog("tvos-brand-assets"), displayPath: "Assets.xcassets",
                                     stacks: VerifyFixtures.stackRules)
        #expect(report.findings.isEmpty)
        #expect(report.coverage.checked == ["imageset": 6, "brandassets": 1, "imagestack": 2, "imagestacklayer": 4])
        #expect(report.coverage.skipped == [:])
        #expect(report.summaryLine == "verified Assets.xcassets: 13 sets checked "
            + "(6 image, 4 image stack layer, 2 image stack, 1 brand assets); 14 files; 0 errors, 0 warnings")
        let json = ReportFormat.json.render(report)
        #expect(json.contains("\"brandassets\" : 1,\n    \"imageset\" : 6,\n    \"imagestack\" : 2,\n    \"imagestacklayer\" : 4\n  },"), "\(json)")
        let junit = ReportFormat.junit.render(report)
        #expect(junit.contains("tests=\"13\" failures=\"0\" errors=\"0\" skipped=\"0\">"))
        #expect(junit.contains("<testcase classname=\"Assets.xcassets\" name=\"App Icon &amp; Top Shelf Image.brandassets\"/>"))
        #expect(junit.contains("<testcase classname=\"Assets.xcassets\" name=\"App Icon &amp; Top Shelf Image.brandassets/"
            + "Top Shelf Image.imageset\"/>"))
        // Colour sets are not: only their Contents.json is read (symbol sets are checked).
        let types = Verifier.verify(catalogAt: Self.catalog("image-types"), displayPath: "Assets.xcassets")
        #expect(types.summaryLine.contains("8 sets checked (7 image, 1 symbol), 1 not checked (1 color)"), "\(types.summaryLine)")
        #expect(ReportFormat.junit.render(types).contains("<skipped message=\"color sets are not checked (only their Contents.json is read)\"/>"))
    }

    @Test func namespacedVectorsAndEveryBitmapTypeAreChecked() {
        let report = Verifier.verify(catalogAt: Self.catalog("image-types"), displayPath: "Assets.xcassets")
        #expect(report.findings.isEmpty)
        #expect(report.coverage.checked == ["imageset": 7, "symbolset": 1])
        #expect(report.coverage.skipped == ["colorset": 1])
        #expect(report.sets.contains("Onboarding/widget.imageset"))
        #expect(report.files == 13)
    }
}

#if os(Linux)
private let isLinux = true
#else
private let isLinux = false
#endif

/// Content types, sizes of non-PNG bitmaps and the own/foreign split, on catalogs made in a
/// temporary folder from the real-world fixture files.
@Suite struct ContentTypeTests {
    static let types = Fixtures.url("Verify/RealWorld/image-types/Assets.xcassets")

    /// A catalog with one image set `A` holding `files` (name → bytes) at the given scales.
    func catalog(_ files: [(name: String, scale: String, data: Data)], recordOwn: Bool = false) throws -> String {
        let temp = try VerifyFixtures.temporaryDirectory()
        let folder = temp.appendingPathComponent("Assets.xcassets/A.imageset")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let entries = files.map { #"{ "filename" : "\#($0.name)", "idiom" : "universal", "scale" : "\#($0.scale)" }"# }
        try Data(#"{ "images" : [ \#(entries.joined(separator: ", ")) ], "info" : { "author" : "xcode", "version" : 1 } }"#.utf8)
            .write(to: folder.appendingPathComponent("Contents.json"))
        for file in files { try file.data.write(to: folder.appendingPathComponent(file.name)) }
        if recordOwn {
            var record = BuildRecord(table: "test")
            for file in files { record.files["A.imageset/" + file.name] = FileRecord(sha256: Digest.sha256Digest(file.data), asset: "A") }
            let path = StateFolder.legacy(outputDirectory: temp.path, catalogFolder: "Assets.xcassets").record
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try record.encoded().write(to: URL(fileURLWithPath: path))
        }
        return temp.appendingPathComponent("Assets.xcassets").path
    }

    func lines(_ path: String) -> [String] {
        Verifier.verify(catalogAt: path).findings.map { "\($0.place): \($0.severity.rawValue): \($0.message)" }
    }

    /// A 1x file and, as the 2x, the same file (wrong size): the sizes come from each format's reader.
    static let bitmaps: [(String, String, String)] = [
        ("Photo.imageset/photo.jpg", "jpg", "40x30"),
        ("avatar.imageset/avatar.heic", "heic", "60x60"),
        ("Banner.imageset/banner.webp", "webp", "50x20"),
        ("Texture.imageset/texture.tiff", "tiff", "16x16"),
    ]

    @Test(arguments: bitmaps.indices)
    func pixelSizesOfEveryBitmapTypeComeFromItsData(_ index: Int) throws {
        let (source, ext, size) = Self.bitmaps[index]
        let data = try Data(contentsOf: Self.types.appendingPathComponent(source))
        let path = try catalog([("a.\(ext)", "1x", data), ("a@2x.\(ext)", "2x", data)])
        let parts = size.split(separator: "x").compactMap { Int($0) }
        #expect(lines(path) == [
            "Assets.xcassets/A.imageset/a@2x.\(ext): warning: is \(size) px but @2x must be 2 times @1x \"a.\(ext)\" "
                + "(\(size) px): \(parts[0] * 2)x\(parts[1] * 2) px",
        ])
    }

    /// Issue 34: in a catalog made elsewhere a scale a pixel off is an export's rounding; two
    /// pixels off is reported (the boundary of the tolerance).
    @Test func aScaleOnePixelOffPassesAndTwoPixelsOffIsReported() throws {
        let one = try VerifyFixtures.png(side: 10)
        let offByOne = try catalog([("a.png", "1x", one), ("a@2x.png", "2x", try VerifyFixtures.png(side: 21))])
        #expect(lines(offByOne) == [])
        let offByTwo = try catalog([("a.png", "1x", one), ("a@2x.png", "2x", try VerifyFixtures.png(side: 22))])
        #expect(lines(offByTwo) == [
            "Assets.xcassets/A.imageset/a@2x.png: warning: is 22x22 px but @2x must be 2 times @1x \"a.png\" (10x10 px): 20x20 px",
        ])
    }

    @Test func jpegNamedPNGIsAWarningInAForeignCatalogAndAnErrorInOurOwn() throws {
        let jpeg = try Data(contentsOf: Self.types.appendingPathComponent("Photo.imageset/photo.jpg"))
        let foreign = try catalog([("a.png", "1x", jpeg)])
        #expect(lines(foreign) == [
            "Assets.xcassets/A.imageset/a.png: warning: is a JPEG file, not a PNG (whatever its .png extension says); "
                + "actool reads it by its content, so Xcode accepts it, but other tools go by the name",
        ])
        let own = try catalog([("a.png", "1x", jpeg)], recordOwn: true)
        #expect(lines(own) == [
            "Assets.xcassets/A.imageset/a.png: error: is a JPEG file, not a PNG (whatever its .png extension says)",
        ])
    }

    @Test func unknownTruncatedAndMisnamedContentAreReported() throws {
        let jpeg = try Data(contentsOf: Self.types.appendingPathComponent("Photo.imageset/photo.jpg"))
        let path = try catalog([
            ("notes.jpg", "1x", Data("hello".utf8)),
            ("cut.jpg", "2x", jpeg.prefix(40)),
            ("photo.heic", "3x", jpeg),
        ])
        #expect(lines(path) == [
            "Assets.xcassets/A.imageset/cut.jpg: error: cannot be read as JPEG (corrupt or truncated)",
            "Assets.xcassets/A.imageset/notes.jpg: error: is not an image Xcode reads (no PNG, JPEG, HEIC, WebP, GIF, "
                + "TIFF, PDF or SVG signature)",
            "Assets.xcassets/A.imageset/photo.heic: warning: is a JPEG file, not a HEIC (whatever its .heic extension "
                + "says); actool reads it by its content, so Xcode accepts it, but other tools go by the name",
        ])
    }

    /// Linux: poppler-glib and librsvg's pixbuf loader (macOS opens PDFs with CoreGraphics, whose
    /// messages differ, and does not read SVG).
    @Test(.enabled(if: isLinux))
    func damagedVectorsAreErrorsWithTheLibrarysMessage() throws {
        let pdf = try Data(contentsOf: Self.types.appendingPathComponent("Onboarding/widget.imageset/widget.pdf"))
        let svg = try Data(contentsOf: Self.types.appendingPathComponent("Onboarding/logo.imageset/logo.svg"))
        let path = try catalog([("a.pdf", "1x", pdf.prefix(300)), ("b.svg", "2x", svg.prefix(120)), ("c.pdf", "3x", pdf)])
        #expect(lines(path) == [
            "Assets.xcassets/A.imageset/a.pdf: error: cannot be read as PDF: PDF document is damaged",
            "Assets.xcassets/A.imageset/b.svg: error: cannot be read as SVG (corrupt or truncated)",
        ])
    }

    @Test func transparentForeignAppStoreIconIsAnErrorAndOurRGBAOneToo() throws {
        let temp = try VerifyFixtures.temporaryDirectory()
        let folder = temp.appendingPathComponent("Assets.xcassets/AppIcon.appiconset")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{ "images" : [ { "filename" : "icon.png", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" } ], "info" : { "author" : "xcode", "version" : 1 } }"#.utf8)
            .write(to: folder.appendingPathComponent("Contents.json"))
        var bitmap = Bitmap(width: 1024, height: 1024, filledWith: RGBAColor(red: 27, green: 63, blue: 168, alpha: 255))
        bitmap.pixels[3] = 0 // one transparent corner pixel
        try PNGCodec.encode(bitmap, channels: .rgba).write(to: folder.appendingPathComponent("icon.png"))
        let path = temp.appendingPathComponent("Assets.xcassets").path
        #expect(lines(path) == [
            "Assets.xcassets/AppIcon.appiconset/icon.png: error: has 1 transparent pixel; App Store Connect rejects a "
                + "transparent App Store icon (ITMS-90717)",
        ])
        var record = BuildRecord(table: "test")
        record.files["AppIcon.appiconset/icon.png"] = FileRecord(sha256: SHA256Digest("x"), asset: "AppIcon")
        let recordPath = StateFolder.legacy(outputDirectory: temp.path, catalogFolder: "Assets.xcassets").record
        try FileManager.default.createDirectory(atPath: (recordPath as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try record.encoded().write(to: URL(fileURLWithPath: recordPath))
        #expect(Verifier.verify(catalogAt: path).findings.map { "\($0.severity.rawValue) \($0.rule.rawValue)" }
            == ["error transparency", "error alpha-channel"])
    }

    @Test func transparentBackLayerOfAnImageStackIsAWarning() throws {
        let temp = try VerifyFixtures.temporaryDirectory()
        let catalog = temp.appendingPathComponent("Assets.xcassets")
        try FileManager.default.copyItem(at: Fixtures.url("Verify/RealWorld/tvos-brand-assets/Assets.xcassets"), to: catalog)
        let stack = "App Icon & Top Shelf Image.brandassets/App Icon.imagestack"
        let clear = try PNGCodec.encode(Bitmap(width: 400, height: 240, filledWith: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)),
                                        channels: .rgba)
        // The back layer (last in "layers") may not be transparent; the front layer may.
        try clear.write(to: catalog.appendingPathComponent(stack + "/Back.imagestacklayer/Content.imageset/back@1x.png"))
        try clear.write(to: catalog.appendingPathComponent(stack + "/Front.imagestacklayer/Content.imageset/front@1x.png"))
        #expect(lines(catalog.path).filter { !$0.contains("@2x") } == [
            "Assets.xcassets/\(stack)/Back.imagestacklayer/Content.imageset/back@1x.png: warning: has 96000 transparent "
                + "pixels; the back layer of \"App Icon\" is the icon's background and must be opaque",
        ])
    }

    /// macOS apps keep document icons as `.iconset` folders inside their catalog (issue 48): counted
    /// as not checked, with no claim about what actool does with them. A folder of a kind verify
    /// does not know at all is a note that says "may".
    @Test func anIconSetIsNotCheckedAndAnUnknownKindIsANote() throws {
        let temp = try VerifyFixtures.temporaryDirectory()
        let folder = temp.appendingPathComponent("Media.xcassets/icon.iconset")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try VerifyFixtures.png(side: 16).write(to: folder.appendingPathComponent("icon_16x16.png"))
        let report = Verifier.verify(catalogAt: temp.appendingPathComponent("Media.xcassets").path)
        #expect(report.findings.isEmpty)
        #expect(report.summaryLine == "verified Media.xcassets: 0 sets checked, 1 not checked (1 iconset); 0 files; 0 errors, 0 warnings")
        let other = temp.appendingPathComponent("Media.xcassets/thing.widgetset")
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        let second = Verifier.verify(catalogAt: temp.appendingPathComponent("Media.xcassets").path)
        #expect(second.findings.map { "\($0.place): \($0.severity.rawValue): \($0.message)" } == [
            "Media.xcassets/thing.widgetset: note: is not a kind of set verify knows (.widgetset) and has no Contents.json; "
                + "Xcode may skip it",
        ])
        #expect(second.passed)
    }

    @Test(arguments: [
        ("photo.jpg", ImageFormat.jpeg), ("avatar.heic", .heic), ("banner.webp", .webp), ("texture.tiff", .tiff),
        ("widget.pdf", .pdf), ("logo.svg", .svg), ("logo-mixed@2x.png", .png),
    ])
    func formatIsRecognisedByContent(_ name: String, _ format: ImageFormat) throws {
        let url = try #require(FileManager.default.enumerator(at: Self.types, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.first { $0.lastPathComponent == name })
        #expect(ImageFormat(sniffing: try Data(contentsOf: url)) == format)
    }

    @Test func formatOfNothingOrTextIsNil() {
        #expect(ImageFormat(sniffing: Data()) == nil)
        #expect(ImageFormat(sniffing: Data("<html><body>svg</body></html>".utf8)) == nil)
        #expect(ImageFormat(sniffing: Data("\u{FEFF}  <svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)) == .svg)
        #expect(ImageFormat(sniffing: Data([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0])) == .gif)
    }
}
