import AssetCore
import Foundation
import Rendering
import Testing
import TestSupport
import VectorWorkers

/// One element of an SVG drawn alone (`VectorSourceFile.layer`, librsvg's `render_layer`), as the
/// preview draws a symbol template's variant groups: in this process and through the workers,
/// where the layer crosses the wire with the file.
@Suite struct LayerDrawingTests {
    /// Two groups side by side: `left` fills x 0–11, `right` x 12–23; a group transform moves `right`.
    static let svg = """
        <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24">
        <g id="left"><rect x="0" y="0" width="12" height="24"/></g>
        <g transform="translate(12 0)"><g id="right"><rect x="0" y="0" width="12" height="24"/></g></g>
        </svg>
        """

    static func file() throws -> String {
        let path = PoolFixture.folder("layer") + "/two.svg"
        try Data(svg.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Opaque pixels in the left and the right half of a 24×24 drawing.
    static func halves(_ bitmap: Bitmap) -> (left: Int, right: Int) {
        var left = 0, right = 0
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width where bitmap.pixel(x: x, y: y).alpha > 128 {
                if x < 12 { left += 1 } else { right += 1 }
            }
        }
        return (left, right)
    }

    @Test func aLayerIsDrawnAloneWhereTheDocumentPutsIt() throws {
        let path = try Self.file()
        let pool = PoolFixture.pool()
        let size = PixelSize(width: 24, height: 24)
        for layer in ["left", "right"] {
            let file = VectorSourceFile(path: path, layer: layer)
            let here = Self.halves(try VectorImage(file: file).bitmap(size: size))
            let worker = Self.halves(try VectorImage(file: file, sandbox: pool).bitmap(size: size))
            let expected = layer == "left" ? (left: 12 * 24, right: 0) : (left: 0, right: 12 * 24)
            #expect(here == expected, "\(layer) in this process")
            #expect(worker == expected, "\(layer) through a worker")
        }
        let whole = Self.halves(try VectorImage(file: VectorSourceFile(path: path)).bitmap(size: size))
        #expect(whole == (left: 12 * 24, right: 12 * 24))
    }

    @Test func aMissingLayerIsAnErrorNotAnEmptyPicture() throws {
        let path = try Self.file()
        let file = VectorSourceFile(path: path, layer: "nowhere")
        #expect(throws: RenderError.self) { try VectorImage(file: file).bitmap(size: PixelSize(width: 24, height: 24)) }
        #expect(throws: RenderError.self) {
            try VectorImage(file: file, sandbox: PoolFixture.pool()).bitmap(size: PixelSize(width: 24, height: 24))
        }
    }
}
