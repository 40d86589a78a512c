import AssetCore
import AssetSpec
import Foundation
import Testing

/// `kind: app-icon` with `layers:` (an Icon Composer `.icon`): what is read, and what a user sees
/// when it is wrong (file:line:col, what, and a fix).
@Suite struct IconComposerManifestTests {
    let directory: String = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icon-manifest-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: dir + "/Art", withIntermediateDirectories: true)
        for name in ["back.svg", "front.svg", "front-dark.svg", "glyph.png", "flat.svg"] {
            FileManager.default.createFile(atPath: dir + "/Art/" + name, contents: Data("<svg/>".utf8))
        }
        FileManager.default.createFile(atPath: dir + "/Other/front.svg", contents: nil)
        try? FileManager.default.createDirectory(atPath: dir + "/Other", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: dir + "/Other/front.svg", contents: Data("<svg/>".utf8))
        return dir
    }()

    func spec(_ text: String) throws -> IconComposerSpec {
        let manifest = try ManifestLoader.parse(text, file: "assetsmith.yml", directory: directory)
        guard case .iconComposer(let spec) = try #require(manifest.assets.first).kind else {
            Issue.record("not a layered icon")
            throw CancellationError()
        }
        return spec
    }

    func errors(_ text: String) -> [String] {
        manifestErrors(text, directory: directory)
    }

    @Test func plainLayersAreGroupsBottomToTopWithFillAndAppearances() throws {
        let icon = try spec("""
        assets:
          - name: AppIcon
            kind: app-icon
            fill: "#1B3FA8"
            layers:
              - Art/back.svg
              - source: Art/front.svg
                name: star
                glass: true
                opacity: 0.8
                blend-mode: multiply
                offset: [0, -40]
                shadow: layer-color
                translucency: 0.3
            dark:
              fill: {gradient: ["#000000", "#202020"]}
              layers: {star: Art/front-dark.svg}
        """)
        #expect(icon.fill == .solid(RGBAColor(red: 0x1B, green: 0x3F, blue: 0xA8)))
        #expect(icon.groups.map { $0.layers.map(\.name) } == [["back"], ["star"]])
        let star = icon.groups[1].layers[0]
        #expect(star.glass == true && star.opacity == 0.8 && star.blendMode == "multiply" && star.offset == [0, -40])
        #expect(icon.groups[1].shadow == "layer-color" && icon.groups[1].translucency == 0.3)
        #expect(icon.dark?.fill == .gradient(.black, RGBAColor(red: 0x20, green: 0x20, blue: 0x20)))
        #expect(icon.dark?.sources["star"]?.written == "Art/front-dark.svg")
        #expect(icon.flat == nil && icon.tinted == nil)
    }

    @Test func aGroupHoldsSeveralLayersAndSourceAddsFlatIcons() throws {
        let icon = try spec("""
        assets:
          - name: AppIcon
            kind: app-icon
            source: Art/flat.svg
            background: "#FFFFFF"
            layers:
              - layers: [Art/back.svg, Art/glyph.png]
                specular: false
                lighting: combined
        """)
        #expect(icon.fill == .automatic)
        #expect(icon.groups.count == 1 && icon.groups[0].layers.map(\.name) == ["back", "glyph"])
        #expect(icon.groups[0].specular == false && icon.groups[0].lighting == "combined")
        #expect(icon.flat?.source.written == "Art/flat.svg")
    }

    @Test func mistakesAreLocatedWithAFix() {
        let text = """
        assets:
          - name: AppIcon
            kind: app-icon
            fill: "#12345G"
            layers:
              - Art/back.svg
              - source: Art/front.svg
                opacity: 2
                blend-mode: multipy
              - Art/missing.svg
              - Other/front.svg
              - Art/back.jpg
            dark: Art/front-dark.svg
            tinted:
              layers: {frnt: Art/front-dark.svg}
            layout: single-size
        """
        #expect(errors(text) == [
            "assetsmith.yml:4:11: error: \"fill\" in asset \"AppIcon\" is not a fill\n  fix: write \"#RRGGBB\" (quoted), automatic, or { gradient: [\"#RRGGBB\", \"#RRGGBB\"] } (top to bottom)",
            "assetsmith.yml:8:18: error: \"opacity\" in layer \"front\" of asset \"AppIcon\" is \"2\", not a number from 0 to 1\n  fix: write a fraction such as 0.5",
            "assetsmith.yml:9:21: error: \"blend-mode\" in layer \"front\" of asset \"AppIcon\" is \"multipy\", which is not one of \"normal\", \"multiply\", \"screen\", \"overlay\", \"darken\", \"lighten\", \"soft-light\", \"hard-light\", \"plus-darker\", \"plus-lighter\"\n  fix: did you mean \"multiply\"? use one of the listed values",
            "assetsmith.yml:10:9: error: layer file \"Art/missing.svg\" in \"layers\" of asset \"AppIcon\" does not exist\n  fix: check the path; it is relative to the manifest's folder",
            "assetsmith.yml:12:9: error: layer \"Art/back.jpg\" in \"layers\" of asset \"AppIcon\" is not an .svg or .png file\n  fix: export the layer as SVG (preferred) or as a PNG of at least 1024x1024 px",
            "assetsmith.yml:11:9: error: two layers of asset \"AppIcon\" are named \"front\" (first at line 7)\n  fix: give one of them its own `name:` (dark: and tinted: name layers to replace them)",
            "assetsmith.yml:13:11: error: \"dark\" in asset \"AppIcon\" must be a mapping of what changes in the dark appearance, since the icon has layers\n  fix: write `dark: { fill: \"#1B1B1F\", layers: { <layer name>: Assets/Icon/dark.svg } }`",
            "assetsmith.yml:15:16: error: \"tinted\" of asset \"AppIcon\" replaces layer \"frnt\", which the icon does not have\n  fix: did you mean \"front\"? layers: \"back\", \"front\"",
            "assetsmith.yml:11:9: error: layer file \"Other/front.svg\" has the same file name as \"Art/front.svg\" (line 7); both would be \"Assets/front.svg\" in the .icon\n  fix: rename one of the two files",
            "assetsmith.yml:16:13: error: \"layout\" in asset \"AppIcon\" is for flat icons, which need \"source\"\n  fix: remove it (the .icon's background is \"fill\"), or add `source:` to also write your own flat icons as \"<name>-Flat.appiconset\"",
        ])
    }

    @Test func fillWithoutLayersSaysWhatItIsFor() {
        let text = """
        assets:
          - name: AppIcon
            kind: app-icon
            source: Art/flat.svg
            fill: "#FFFFFF"
        """
        #expect(errors(text) == [
            "assetsmith.yml:5:11: error: \"fill\" in asset \"AppIcon\" is the background of a layered icon, which needs \"layers\"\n  fix: add `layers: [...]` (bottom to top) to write an Icon Composer .icon, or use \"background\" for a flat icon",
        ])
    }
}
