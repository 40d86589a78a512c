import AssetCore
import Foundation
import PNGCodec
import Rendering
import Testing
import TestSupport
@testable import BuildEngine

/// With a sandbox, a vector source is measured by the first job that draws from it (`LazySources`),
/// on the render threads, instead of in a phase before any drawing: each document is still measured
/// once, and one that cannot be read is one error, however many outputs it has.
@Suite struct LazySourceTests {
    /// librsvg and poppler in this process behind the sandbox's interface, counting the documents measured.
    final class CountingSandbox: VectorSandbox, @unchecked Sendable {
        private let vectors = InProcessVectors()
        private let lock = NSLock()
        private(set) var measured: [String: Int] = [:]

        func measure(_ file: VectorSourceFile) throws(RenderError) -> VectorMeasure {
            lock.withLock { measured[(file.path as NSString).lastPathComponent, default: 0] += 1 }
            lock.lock()
            defer { lock.unlock() }
            return try vectors.measure(file)
        }

        func draw(_ file: VectorSourceFile, size: PixelSize, matrix: [Double],
                  use: (UnsafeRawPointer) throws(RenderError) -> Void) throws(RenderError) {
            let pixels = UnsafeMutableRawPointer.allocate(byteCount: size.width * size.height * 4, alignment: 16)
            defer { pixels.deallocate() }
            lock.lock()
            defer { lock.unlock() }
            try vectors.draw(file, size: size, matrix: matrix, into: pixels)
            try use(pixels)
        }

        func export(_ file: VectorSourceFile, as format: VectorFileFormat, page: VectorMeasure,
                    matrix: [Double]) throws(RenderError) -> Data {
            lock.lock()
            defer { lock.unlock() }
            return try vectors.export(file, as: format, page: page, matrix: matrix)
        }
    }

    @Test func eachDocumentIsMeasuredOnceAndABrokenOneIsOneError() throws {
        let project = try BuildEngineTests.Project(extraAssets: """
              - name: Broken
                kind: image
                source: Broken.svg
                size: 20

            """)
        defer { project.remove() }
        try Data("<svg this is not".utf8).write(to: project.folder.appendingPathComponent("Broken.svg"))
        let sandbox = CountingSandbox()
        var engine = BuildEngine(threads: 3)
        engine.sandbox = sandbox
        let result = engine.build(try project.plan())

        #expect(sandbox.measured == ["Icon.svg": 1, "Broken.svg": 1], "\(sandbox.measured)")
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.description.contains("Broken.svg") == true, "\(errors)")
        #expect(result.failedJobs == 3)
        #expect(project.data("Broken.imageset/Broken@2x.png") == nil)
        let icon = try #require(project.data("AppIcon.appiconset/AppIcon-1024.png"))
        #expect(try PNGCodec.info(icon).size == PixelSize(width: 1024, height: 1024))
        #expect(project.data("Badge.imageset/Badge@3x.png") != nil)
    }
}
