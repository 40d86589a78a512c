import AssetCore
import Foundation
import PNGCodec
import Testing
import TestSupport

/// macOS icons as drawn (issue 35): `macos-style: as-drawn` keeps a finished icon's shape and
/// transparency; every style that flattens a source that is not fully opaque says so.
@Suite struct MacAsDrawnTests {
    static func project(_ label: String, style: String, opaque: Bool = false) throws -> String {
        let dir = CLI.temporaryDirectory(label)
        let bitmap = opaque ? Bitmap(width: 1024, height: 1024, filledWith: RGBAColor(red: 40, green: 120, blue: 220))
            : InitAdoptionTests.macIcon(side: 1024)
        try PNGCodec.encode(bitmap, channels: .rgba).write(to: URL(fileURLWithPath: dir + "/icon_512x512@2x.png"))
        try """
            output: Out
            assets:
              - name: AppIcon
                kind: app-icon
                source: icon_512x512@2x.png
                platforms: [macos]
                macos-style: \(style)

            """.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        return dir
    }

    @Test(arguments: ["full-bleed", "apple-grid"])
    func flatteningATransparentIconWarns(style: String) throws {
        let dir = try Self.project("mac-flatten-\(style)", style: style)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("assetsmith.yml:5:13: warning: asset \"AppIcon\": its source \"icon_512x512@2x.png\" has pixels that are not fully opaque, and the build flattens them onto #FFFFFF in 10 slots"),
                "\(result.stderr)")
        #expect(result.stderr.contains("fix: for a finished macOS icon keep its shape with `macos-style: as-drawn`"))
        #expect(try CLI.run(["build", "--strict"], in: dir).status == 1, "the warning is the same on an up-to-date build")
    }

    @Test func asDrawnKeepsTheShapeAndSaysNothing() throws {
        let dir = try Self.project("mac-as-drawn", style: "as-drawn")
        let result = try CLI.run(["build", "--strict"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("warning"), "\(result.stderr)")
        let small = try PNGCodec.decode(try Data(contentsOf: URL(fileURLWithPath: dir + "/Out/Assets.xcassets/AppIcon.appiconset/AppIcon-mac-128.png")))
        #expect(small.width == 128 && small.pixel(x: 2, y: 2).alpha == 0 && small.pixel(x: 64, y: 64).alpha == 255)
        #expect(try CLI.run(["verify"], in: dir).status == 0)
    }

    @Test func anOpaqueSourceFlattenedSaysNothing() throws {
        let dir = try Self.project("mac-opaque", style: "full-bleed", opaque: true)
        let result = try CLI.run(["build", "--strict"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("not fully opaque"))
    }
}
