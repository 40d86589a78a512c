import AssetCore
import AssetSpec
import TestSupport
import Testing

/// Reading the glyph kinds: keys, defaults and exact diagnostics.
@Suite struct GlyphManifestTests {
    static func errors(_ text: String) -> [String] {
        let found = manifestErrors(text, file: "m.yml", directory: Fixtures.repoRoot.path)
        if found.isEmpty { Issue.record("the manifest was accepted; errors were expected") }
        return found
    }

    @Test func readsEveryGlyphKind() throws {
        let manifest = try ManifestLoader.parse("""
            table: ios18
            assets:
              - name: Tab
                kind: tab-icon
                selected-source: Assets/Glyphs/tray-fill.svg
                shape: wide
                outline-width: 1.75
                group: main
              - name: Bar
                kind: bar-glyph
                source: Assets/Glyphs/plus.svg
                rendering: original
              - name: Back
                kind: back-indicator
                source: Assets/Glyphs/back.svg
              - name: Button
                kind: control
                source: Assets/Button.svg
                disabled-source: Assets/Button.svg
                size: 44
                cap-insets: { left: 10, right: 12 }
            tab-bar:
              tint: "#1B3FA8"
              idiom: ipad
            """, file: "m.yml", directory: Fixtures.repoRoot.path)
        #expect(manifest.assets.map(\.kind.keyword) == ["tab-icon", "bar-glyph", "back-indicator", "control"])
        guard case .tabIcon(let tab) = manifest.assets[0].kind, case .barGlyph(let bar) = manifest.assets[1].kind,
              case .control(let control) = manifest.assets[3].kind else {
            Issue.record("wrong kinds")
            return
        }
        #expect(tab.source == nil && tab.selectedSource?.written == "Assets/Glyphs/tray-fill.svg")
        #expect(tab.shape == .wide && tab.outlineWidth == 1.75 && tab.group?.value == "main")
        #expect(bar.rendering == .original)
        #expect(control.capInsets?.value == CapInsets(top: 0, left: 10, bottom: 0, right: 12))
        #expect(control.stateSources.keys.sorted { $0.rawValue < $1.rawValue } == [.disabled])
        #expect(manifest.tabBar?.idiom == .ipad && manifest.tabBar?.tint?.value.description == "#1B3FA8")
    }

    @Test func glyphKeysAreChecked() {
        #expect(Self.errors("""
            table: ios18
            assets:
              - name: Tab
                kind: tab-icon
                shape: round
                outline-width: 20
                selceted-source: Assets/Glyphs/star.svg
              - name: Button
                kind: control
                source: Assets/Button.svg
                size: 44
                cap-insets: { left: -2, middle: 3 }
            tab-bar:
              tint: blue
            """) == [
            "m.yml:7:5: error: unknown key \"selceted-source\" in asset \"Tab\"\n  fix: did you mean \"selected-source\"?",
            "m.yml:3:5: error: asset \"Tab\" is missing the required key \"source\"\n"
                + "  fix: add `source: …` (the outline, unselected form) or `selected-source: …` (the filled form)",
            "m.yml:5:12: error: \"shape\" in asset \"Tab\" is \"round\", which is not one of \"circle\", \"square\", \"wide\", \"tall\"\n"
                + "  fix: use one of the listed values",
            "m.yml:6:20: error: \"outline-width\" in asset \"Tab\" is \"20\", not a number of points from 0.25 to 8\n"
                + "  fix: write a plain number such as 1.5",
            "m.yml:12:29: error: unknown key \"middle\" in \"cap-insets\" of asset \"Button\"\n"
                + "  fix: known keys are \"top\", \"left\", \"bottom\", \"right\"",
            "m.yml:12:25: error: \"left\" in \"cap-insets\" of asset \"Button\" is \"-2\", not a number of points from 0 to 4096\n"
                + "  fix: write a plain number such as 1.5",
            "m.yml:14:9: error: \"tint\" in \"tab-bar\" is \"blue\", not a colour\n"
                + "  fix: write it as \"#RRGGBB\" or \"#RRGGBBAA\" in hexadecimal, quoted (e.g. \"#1E6FD9\")",
        ])
    }
}
