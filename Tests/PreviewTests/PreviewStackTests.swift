import AssetCore
import Foundation
import PNGCodec
import Preview
import Testing

/// Layered icons in the preview: the stacks read from a catalog (front to back, an empty layer
/// kept), their own section, and their layer sets left out of the images section.
@Suite struct PreviewStackTests {
    /// `Tests/Fixtures/Verify/RealWorld/*/Assets.xcassets`, found from this file.
    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Verify/RealWorld/\(name)/Assets.xcassets").path
    }

    @Test func tvOSStacksAreReadFrontToBackWithTheirBrand() throws {
        let catalog = PreviewCatalog.read(at: Self.fixture("tvos-brand-assets"))
        #expect(catalog.stacks.map(\.name) == ["App Icon", "App Icon - App Store"])
        let home = try #require(catalog.stacks.first)
        #expect(home.brand == "App Icon & Top Shelf Image" && !home.isSolid)
        #expect(home.layers.map(\.name) == ["Front", "Back"])
        // The largest image of each layer: the @2x one.
        #expect(home.layers.map { $0.bitmap?.size } == [PixelSize(width: 800, height: 480), PixelSize(width: 800, height: 480)])
        let sections = try PreviewSheet.sections(catalog, style: PreviewStyle.ios18, notes: [])
        #expect(sections.map(\.title) == ["Layered app icons (tvOS parallax, visionOS)", "Images"])
        // Left for the images section: the two Top Shelf sets, not the four layer sets.
        #expect(sections[1].picture.height == 2 * 190 + 10)
    }

    @Test func visionOSStackKeepsAnEmptyLayer() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("preview-stack-\(UUID().uuidString)/Assets.xcassets")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: Self.fixture("visionos-solid-stack")), to: root)
        let mid = root.appendingPathComponent("AppIcon.solidimagestack/Mid.solidimagestacklayer/Content.imageset")
        try #"{"images":[{"idiom":"vision","scale":"2x"}],"info":{"author":"xcode","version":1}}"#
            .write(to: mid.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        let catalog = PreviewCatalog.read(at: root.path)
        let stack = try #require(catalog.stacks.first)
        #expect(stack.isSolid && stack.brand == nil)
        #expect(stack.layers.map(\.name) == ["Front", "Mid", "Back"])
        #expect(stack.layers.map { $0.bitmap == nil } == [false, true, false])
        let sections = try PreviewSheet.sections(catalog, style: PreviewStyle.ios18, notes: [])
        #expect(sections.map(\.title) == ["Layered app icons (tvOS parallax, visionOS)"])
    }
}
