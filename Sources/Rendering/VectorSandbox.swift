import AssetCore
import Foundation

/// Who parses and draws SVG documents. By default librsvg runs in this process; the CLI installs
/// a sandbox of worker processes, so that a crash, a stack overflow or an endless render inside
/// librsvg costs one asset instead of the build (or a watch session).
package protocol VectorSandbox: AnyObject, Sendable {
    /// The document's intrinsic size in px, or the error loading it gives.
    func measure(path: String) throws(RenderError) -> VectorMeasure
    /// The document drawn on a transparent canvas of `size`, under `matrix`, Cairo's affine
    /// (xx, yx, xy, yy, x0, y0) from the document's intrinsic viewport to canvas pixels. `use` is
    /// given the drawing as Cairo ARGB32 (premultiplied, native-endian words), rows of
    /// `size.width * 4` bytes, valid only during the call.
    func draw(path: String, size: PixelSize, matrix: [Double],
              use: (UnsafeRawPointer) throws(RenderError) -> Void) throws(RenderError)
    /// The document drawn by librsvg onto Cairo's SVG surface: a new, self-contained SVG
    /// document of the same intrinsic size (see `VectorImage.rewrittenSVG`).
    func rewrite(path: String) throws(RenderError) -> [UInt8]
}

/// An SVG document's intrinsic size in CSS px (may be fractional).
package struct VectorMeasure: Sendable, Hashable, Codable {
    package var width: Double
    package var height: Double

    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// librsvg in this process, for a sandbox's worker: `measure` and `draw` as the protocol says.
/// Keeps the last few documents parsed (by path, size and modification time).
package final class InProcessVectors: @unchecked Sendable {
    private var cache: [(path: String, stamp: [Int], image: VectorImage)] = []

    package init() {}

    package func measure(path: String) throws(RenderError) -> VectorMeasure {
        let image = try load(path)
        return VectorMeasure(width: image.intrinsicWidth, height: image.intrinsicHeight)
    }

    /// Draws into `pixels`, memory of `size.width * 4 * size.height` bytes (cleared first).
    package func draw(path: String, size: PixelSize, matrix: [Double], into pixels: UnsafeMutableRawPointer) throws(RenderError) {
        let image = try load(path)
        let canvas = try CairoCanvas(size: size, over: pixels)
        try image.drawDocument(on: canvas, matrix: matrix)
        try canvas.checkStatus()
        canvas.flush()
    }

    package func rewrite(path: String) throws(RenderError) -> [UInt8] {
        try load(path).writeSVGDocument()
    }

    private func load(_ path: String) throws(RenderError) -> VectorImage {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let stamp = [(attributes?[.size] as? Int) ?? -1,
                     Int(((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) * 1e9)]
        if let hit = cache.first(where: { $0.path == path && $0.stamp == stamp }) { return hit.image }
        let image = try VectorImage(path: path)
        cache.removeAll { $0.path == path }
        cache.append((path, stamp, image))
        if cache.count > 8 { cache.removeFirst() }
        return image
    }
}
