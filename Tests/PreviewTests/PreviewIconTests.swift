import AssetCore
import Foundation
import Preview
import Testing

/// The preview's flat approximation of an Icon Composer bundle, drawn from the reconstruction of
/// MeshCoreOne's icon (`Tests/Fixtures/IconComposer/RealWorld/MeshCoreOne`): its glyph is listed
/// first and an opaque background layer last, so the glyph must be in front.
@Suite struct PreviewIconTests {
    static let bundle = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/IconComposer/RealWorld/MeshCoreOne/AppIcon.icon").path

    func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> [UInt8] {
        let index = (y * bitmap.width + x) * 4
        return Array(bitmap.pixels[index..<index + 4])
    }

    @Test func theFirstListedLayerIsDrawnInFrontInEveryAppearance() throws {
        let icon = try #require(PreviewIcon.read(at: Self.bundle, side: 400))
        #expect(icon.renditions.map(\.appearance) == ["light", "dark", "tinted"])
        #expect(icon.problems == [])
        let light = try #require(icon.renditions.first?.bitmap)
        // Inside the glyph's upright stroke (x 680…800, y 520…725 pt, moved by -20, -20 pt).
        let glyph = pixel(light, Int(740.0 * 400 / 1024), Int(600.0 * 400 / 1024))
        #expect(glyph[0] > 200 && glyph[1] > 200 && glyph[2] > 200, "glyph \(glyph)")
        // A corner: the background layer, recoloured by its solid fill srgb:0.15,0.21,0.30.
        let corner = pixel(light, 20, 20)
        #expect(abs(Int(corner[0]) - 38) <= 2 && abs(Int(corner[1]) - 54) <= 2 && abs(Int(corner[2]) - 77) <= 2, "corner \(corner)")
        // The tinted rendition is grey.
        let tinted = try #require(icon.renditions.last?.bitmap)
        let grey = pixel(tinted, 20, 20)
        #expect(grey[0] == grey[1] && grey[1] == grey[2])
    }
}
