import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport

/// `platforms: [ios, macos]` adds the ten macOS sizes to the app icon set: on Apple's grid (a
/// rounded square on a transparent canvas with a shadow) or full bleed.
@Suite struct MacIconTests {
    static func project(_ manifest: String) throws -> String {
        let dir = CLI.temporaryDirectory("mac-icon")
        try CLI.copyFromRepo("Assets/AppIcon.svg", to: dir)
        try manifest.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func macSizesOnAppleGridBesideTheIOSIcon() throws {
        let dir = try Self.project("assets:\n  - {name: AppIcon, kind: app-icon, source: AppIcon.svg, background: \"#1B3FA8\", platforms: [ios, macos]}\n")
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 0, "\(build.stderr)")
        let set = dir + "/Output/Assets.xcassets/AppIcon.appiconset"
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: set + "/Contents.json"))) as? [String: Any]
        let mac = (json?["images"] as? [[String: Any]] ?? []).filter { $0["idiom"] as? String == "mac" }
        #expect(mac.count == 10)
        for entry in mac {
            let points = Int((entry["size"] as? String ?? "").split(separator: "x").first ?? "") ?? 0
            let scale = Int((entry["scale"] as? String ?? "").dropLast()) ?? 0
            #expect([16, 32, 128, 256, 512].contains(points) && [1, 2].contains(scale), "\(entry)")
            let file = try #require(entry["filename"] as? String)
            let bitmap = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: set + "/" + file)))
            #expect(bitmap.size == PixelSize(width: points * scale, height: points * scale), "\(file)")
            #expect(bitmap.pixel(x: 0, y: 0).alpha == 0, "\(file): the grid leaves the corners transparent")
            #expect(bitmap.pixel(x: bitmap.width / 2, y: bitmap.height / 2).alpha == 255, "\(file): the body is opaque")
        }
        let big = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: set + "/AppIcon-mac-128.png")))
        expectMatchesGolden(big, named: "mac-icon-grid-128", tolerance: 6, maxDifferingPixels: big.width * big.height / 100)
        let marketing = try PNGCodec.info(Data(contentsOf: URL(fileURLWithPath: set + "/AppIcon-1024.png")))
        #expect(marketing.colorType == .rgb, "the iOS App Store icon stays RGB")
        #expect(try CLI.run(["verify"], in: dir).status == 0)
        #expect(try CLI.run(["verify", "--catalog", "Output/Assets.xcassets"], in: dir).status == 0)
    }

    @Test func fullBleedMacOnlyIsOpaqueAndHasNoIOSSlot() throws {
        let dir = try Self.project("assets:\n  - {name: Mac, kind: app-icon, source: AppIcon.svg, platforms: [macos], macos-style: full-bleed}\n")
        #expect(try CLI.run(["build"], in: dir).status == 0)
        let set = dir + "/Output/Assets.xcassets/Mac.appiconset"
        let files = try FileManager.default.contentsOfDirectory(atPath: set).filter { $0.hasSuffix(".png") }
        #expect(files.count == 10)
        #expect(files.allSatisfy { $0.hasPrefix("Mac-mac-") })
        let info = try PNGCodec.info(Data(contentsOf: URL(fileURLWithPath: set + "/Mac-mac-16.png")))
        #expect(info.colorType == .rgb)
    }

    @Test func stackPlatformsOnAFlatIconAreALocatedError() throws {
        let dir = try Self.project("assets:\n  - {name: AppIcon, kind: app-icon, source: AppIcon.svg, platforms: [ios, tvos]}\n")
        let build = try CLI.run(["build"], in: dir)
        #expect(build.status == 2)
        #expect(build.stderr.contains("assetsmith.yml:2:69: error: \"tvos\" app icons are layered image stacks, made from \"layers\" (asset \"AppIcon\" has only \"source\")"),
                "\(build.stderr)")
    }
}
