import Foundation
import ImageProbe
import Testing
import TestSupport

/// `ImageFormat`: a file's type from its bytes (never its name), and the pixel and point sizes
/// ImageProbe reads, on the real files of the `image-types` verify fixture.
@Suite struct ImageFormatTests {
    static let catalog = Fixtures.url("Verify/RealWorld/image-types/Assets.xcassets").path

    @Test func typeComesFromTheBytes() {
        #expect(ImageFormat(sniffing: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0])) == .png)
        #expect(ImageFormat(sniffing: Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46, 0, 1])) == .jpeg)
        #expect(ImageFormat(sniffing: Data("GIF89a\u{1}\0\u{1}\0\0\0\0".utf8)) == .gif)
        #expect(ImageFormat(sniffing: Data("%PDF-1.4\n%âãÏÓ\n".utf8)) == .pdf)
        #expect(ImageFormat(sniffing: Data("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)) == .svg)
        #expect(ImageFormat(sniffing: Data("hello, world".utf8)) == nil)
        #expect(ImageFormat(sniffing: Data()) == nil)
    }

    @Test func extensionsNameTheirFormat() {
        #expect(ImageFormat(fileExtension: "JPG") == .jpeg)
        #expect(ImageFormat(fileExtension: "png") == .png)
        #expect(ImageFormat(fileExtension: "txt") == nil)
        #expect(ImageFormat.allExtensions.contains("heic"))
        #expect(ImageFormat.svg.isVector && ImageFormat.pdf.isVector && !ImageFormat.png.isVector)
    }

    @Test func realFilesAreSniffedAndMeasured() throws {
        let photo = Self.catalog + "/Photo.imageset/photo.jpg"
        #expect(ImageFormat(sniffing: try Data(contentsOf: URL(fileURLWithPath: photo))) == .jpeg)
        let size = try PixelSizeReader.pixelSize(ofFileAt: photo, format: .jpeg)
        #expect(size.width > 0 && size.height > 0)
        let pdf = Self.catalog + "/Onboarding/widget.imageset/widget.pdf"
        #expect(ImageFormat(sniffing: try Data(contentsOf: URL(fileURLWithPath: pdf))) == .pdf)
        let page = try VectorReader.size(ofFileAt: pdf, format: .pdf)
        #expect(page.width > 0 && page.height > 0)
    }

    @Test func aDamagedFileIsAnErrorNotACrash() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("probe-\(UUID().uuidString).jpg").path
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46]).write(to: URL(fileURLWithPath: path))
        #expect(throws: ProbeError.self) { try PixelSizeReader.pixelSize(ofFileAt: path, format: .jpeg) }
    }
}
