import AssetCore
import AssetPlan
import Foundation
import Rendering
import Testing

@Suite struct SVGSafetyTests {
    @Test func malformedSVGReportsLibrsvgsMessage() throws {
        let path = RenderingFixtures.artwork("malformed.svg")
        let error = try #require(throws: RenderError.self) { try VectorImage(path: path) }
        guard case .svgInvalid(let reportedPath, let message) = error else {
            Issue.record("expected svgInvalid, got \(error)")
            return
        }
        #expect(reportedPath == path)
        // libxml2's text for the unclosed <rect>, passed through librsvg.
        #expect(message.contains("XML parse error") && message.contains("line 4"), "\(message)")
        #expect(error.description.hasPrefix("cannot parse the svg: "))
        #expect(error.description.hasSuffix(message))
    }

    @Test func absurdDeclaredSizeIsRefused() throws {
        let path = RenderingFixtures.artwork("huge.svg")
        #expect(throws: RenderError.tooLarge(path: path, size: PixelSize(square: 100_000))) {
            try VectorImage(path: path)
        }
        #expect(RenderError.tooLarge(path: path, size: PixelSize(square: 100_000)).description
            == "the svg declares 100000x100000 px, more than 16384 px a side")
    }

    @Test func documentWithoutSizeIsRefused() throws {
        let path = RenderingFixtures.artwork("no-size.svg")
        #expect(throws: RenderError.svgWithoutSize(path: path)) { try VectorImage(path: path) }
    }

    @Test func missingFileIsUnreadableNotInvalid() throws {
        let path = RenderingFixtures.artwork("does-not-exist.svg")
        let error = try #require(throws: RenderError.self) { try VectorImage(path: path) }
        guard case .unreadable(let reportedPath, let message) = error else {
            Issue.record("expected unreadable, got \(error)")
            return
        }
        #expect(reportedPath == path)
        #expect(message.lowercased().contains("no such file"), "\(message)")
        let directory = RenderingFixtures.artwork("")
        #expect(throws: RenderError.unreadable(path: directory, message: "Is a directory")) {
            try VectorImage(path: directory)
        }
    }

    @Test func outputSizeBeyondCairoIsAnErrorNotACrash() throws {
        let image = try VectorImage(path: RenderingFixtures.artwork("square-half.svg"))
        #expect(throws: RenderError.outputSize(PixelSize(width: 40_000, height: 10))) {
            try Renderer.render(RenderingFixtures.job(PixelSize(width: 40_000, height: 10)), from: .vector(image))
        }
        #expect(throws: RenderError.outputSize(PixelSize(width: 0, height: 10))) {
            try Renderer.render(RenderingFixtures.job(PixelSize(width: 0, height: 10)), from: .vector(image))
        }
    }

    /// A 4x4 opaque green PNG.
    static let greenPNG = Data(base64Encoded:
        "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAD0lEQVR4nGNg+M+AQMRxAJ6jD/Flt2QIAAAAAElFTkSuQmCC") ?? Data()

    /// Six 10 px cells, each an <image> of the same green PNG reached a different way. Only the
    /// file in the SVG's own folder and the data: URL may load; the rest must stay transparent.
    @Test func onlyFilesBesideTheSVGAndDataURLsAreLoaded() throws {
        let root = try RenderingFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let art = root.appendingPathComponent("art")
        try FileManager.default.createDirectory(at: art, withIntermediateDirectories: true)
        let outside = root.appendingPathComponent("outside.png")
        try Self.greenPNG.write(to: outside)
        try Self.greenPNG.write(to: art.appendingPathComponent("inside.png"))
        let references = [
            "inside.png",                                                      // allowed
            "data:image/png;base64,\(Self.greenPNG.base64EncodedString())",    // allowed
            "../outside.png",
            outside.path,
            "file://\(outside.path)",
            "http://example.com/x.png",
            "/etc/passwd",
        ]
        let cells = references.enumerated().map { i, href in
            "<image x=\"\(i * 10)\" y=\"0\" width=\"10\" height=\"10\" preserveAspectRatio=\"none\" href=\"\(href)\"/>"
        }
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(references.count * 10)" height="10">
            \(cells.joined(separator: "\n"))
            </svg>
            """
        let svgPath = art.appendingPathComponent("escape.svg").path
        try svg.write(toFile: svgPath, atomically: true, encoding: .utf8)

        let image = try VectorImage(path: svgPath)
        let bitmap = try Renderer.render(RenderingFixtures.job(image.size), from: .vector(image))
        let green = RGBAColor(red: 0, green: 255, blue: 0)
        for (i, href) in references.enumerated() {
            let centre = bitmap.pixel(x: i * 10 + 5, y: 5)
            if i < 2 {
                #expect(centre == green, "\(href) should load")
            } else {
                #expect(centre.alpha == 0, "\(href) must not load")
            }
        }
    }
}
