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

    /// The dark and tinted specialisations Assetsmith writes (the end-to-end fixture's icon.json)
    /// are read back: the dark star is the dark file's yellow on the dark gradient.
    @Test func ourDarkAndTintedSpecialisationsRoundTrip() throws {
        let fixtures = URL(fileURLWithPath: Self.bundle).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Project")
        let bundle = FileManager.default.temporaryDirectory.appendingPathComponent("preview-icon-\(UUID().uuidString)/AppIcon.icon")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("Art"), to: bundle.appendingPathComponent("Assets"))
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent("Expected/icon.json"),
                                         to: bundle.appendingPathComponent("icon.json"))
        let icon = try #require(PreviewIcon.read(at: bundle.path, side: 256))
        #expect(icon.problems == [])
        let light = try #require(icon.renditions.first { $0.appearance == "light" }?.bitmap)
        let dark = try #require(icon.renditions.first { $0.appearance == "dark" }?.bitmap)
        // The star's centre: white in light (front.svg), #FFD866 in dark (front-dark.svg).
        #expect(pixel(light, 128, 140) == [255, 255, 255, 255])
        let star = pixel(dark, 128, 140)
        #expect(abs(Int(star[0]) - 0xFF) <= 2 && abs(Int(star[1]) - 0xD8) <= 2 && abs(Int(star[2]) - 0x66) <= 2, "\(star)")
        // The corner: the light fill #1B3FA8; the dark gradient's top #10204A.
        #expect(pixel(light, 2, 2) == [0x1B, 0x3F, 0xA8, 255])
        let top = pixel(dark, 2, 2)
        #expect(abs(Int(top[0]) - 0x10) <= 2 && abs(Int(top[1]) - 0x20) <= 2 && abs(Int(top[2]) - 0x4A) <= 2, "\(top)")
    }
}
