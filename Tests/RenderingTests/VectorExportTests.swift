import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import Rendering
import Testing

/// Vector outputs in this process (the workers run the same code): the PDF page is the job's size
/// in points, a PDF source read back draws what the SVG drew, SVG bytes do not depend on what the
/// process drew before, and a contained drawing is centred on its page.
@Suite struct VectorExportTests {
    func job(_ format: VectorFormat, _ size: PointSize, fit: Fit = .contain) -> RenderJob {
        var job = RenderingFixtures.job(PixelSize(width: Int(size.width.rounded(.up)), height: Int(size.height.rounded(.up))), fit: fit)
        job.vector = VectorOutput(format: format, size: size)
        return job
    }

    func temporary(_ data: Data, _ ext: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("vector-\(UUID().uuidString).\(ext)").path
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func pdfPageIsThePointSizeAndReadsBackAsTheSameDrawing() throws {
        let svg = try VectorImage(path: RenderingFixtures.artwork("square-half.svg"))
        let pdf = try Renderer.renderVector(job(.pdf, PointSize(width: 40, height: 30)), from: .vector(svg))
        #expect(pdf.prefix(5) == Data("%PDF-".utf8))
        let path = try temporary(pdf, "pdf")
        let page = try VectorImage(file: VectorSourceFile(path: path, isPDF: true))
        #expect(page.intrinsicWidth == 40 && page.intrinsicHeight == 30)
        // The 40x40 drawing contained in 40x30: 30x30 centred (x 5…35), its left half red.
        let drawn = try page.bitmap(scale: 2)
        #expect(drawn.size == PixelSize(width: 80, height: 60))
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(drawn.pixels[(y * 80 + x) * 4..<(y * 80 + x) * 4 + 4]) }
        #expect(pixel(5, 30)[3] == 0, "left margin transparent")
        #expect(pixel(20, 30) == [255, 0, 0, 255], "left half red")
        #expect(pixel(60, 30)[3] == 0, "right half transparent")
    }

    @Test func svgBytesDoNotDependOnWhatWasDrawnBefore() throws {
        let svg = try VectorImage(path: RenderingFixtures.artwork("heart-outline.svg"))
        let first = try Renderer.renderVector(job(.svg, PointSize(square: 24)), from: .vector(svg))
        _ = try RenderingFixtures.render("square-half.svg", PixelSize(width: 8, height: 8))
        _ = try Renderer.renderVector(job(.pdf, PointSize(square: 24)), from: .vector(svg))
        let second = try Renderer.renderVector(job(.svg, PointSize(square: 24)), from: .vector(svg))
        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains("width=\"24px\" height=\"24px\" viewBox=\"0 0 24 24\""))
        #expect(text.contains("id=\"surface1\""))
    }

    @Test func pdfBytesAreStable() throws {
        let svg = try VectorImage(path: RenderingFixtures.artwork("heart-outline.svg"))
        let first = try Renderer.renderVector(job(.pdf, PointSize(square: 24)), from: .vector(svg))
        let second = try Renderer.renderVector(job(.pdf, PointSize(square: 24)), from: .vector(svg))
        #expect(first == second)
        #expect(String(decoding: first, as: UTF8.self).contains("/CreationDate (20000101000000Z)"))
    }

    @Test func aPageOutOfRangeNamesThePageCount() throws {
        let svg = try VectorImage(path: RenderingFixtures.artwork("square-half.svg"))
        let path = try temporary(try Renderer.renderVector(job(.pdf, PointSize(square: 10)), from: .vector(svg)), "pdf")
        #expect(throws: RenderError.pdfPage(path: path, page: 2, count: 1)) {
            try VectorImage(file: VectorSourceFile(path: path, isPDF: true, page: 2))
        }
        #expect(RenderError.pdfPage(path: path, page: 2, count: 1).description == "the pdf has 1 page, so it has no page 2")
    }
}
