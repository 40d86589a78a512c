import AssetCore
import AssetSpec
import TestSupport
import Testing

/// `kind: symbol`, and `symbol:` / `weights:` on bar glyphs and tab icons: keys, defaults and exact
/// diagnostics.
@Suite struct SymbolManifestTests {
    static func errors(_ text: String) -> [String] {
        let found = manifestErrors(text, file: "m.yml", directory: Fixtures.repoRoot.path)
        if found.isEmpty { Issue.record("the manifest was accepted; errors were expected") }
        return found
    }

    @Test func readsSymbolsWithDefaultAndGivenWeights() throws {
        let manifest = try ManifestLoader.parse("""
            assets:
              - {name: Plus, kind: symbol, source: Assets/Glyphs/plus.svg}
              - {name: Bar, kind: bar-glyph, source: Assets/Glyphs/plus.svg, symbol: true, weights: {black: 2.2}}
              - {name: Tab, kind: tab-icon, source: Assets/Glyphs/plus.svg, symbol: true}
              - {name: Plain, kind: bar-glyph, source: Assets/Glyphs/plus.svg}
            """, file: "m.yml", directory: Fixtures.repoRoot.path)
        guard case .symbol(let plus) = manifest.assets[0].kind else { Issue.record("not a symbol"); return }
        #expect(plus.weights == SymbolWeights(ultralight: 0.31, black: 1.8))
        guard case .barGlyph(let bar) = manifest.assets[1].kind, case .tabIcon(let tab) = manifest.assets[2].kind,
              case .barGlyph(let plain) = manifest.assets[3].kind else { Issue.record("wrong kinds"); return }
        #expect(bar.symbol == SymbolWeights(ultralight: 0.31, black: 2.2))
        #expect(tab.symbol == SymbolWeights())
        #expect(plain.symbol == nil)
    }

    @Test func weightsInPixelsAreWidths() throws {
        let manifest = try ManifestLoader.parse("""
            assets:
              - {name: Plus, kind: symbol, source: Assets/Glyphs/plus.svg, weights: {ultralight: 0.75px, black: 3 px}}
              - {name: Bar, kind: bar-glyph, source: Assets/Glyphs/plus.svg, symbol: true, weights: {ultralight: 0.5, black: 3px}}
            """, file: "m.yml", directory: Fixtures.repoRoot.path)
        guard case .symbol(let plus) = manifest.assets[0].kind, case .barGlyph(let bar) = manifest.assets[1].kind else {
            Issue.record("wrong kinds")
            return
        }
        #expect(plus.weights == SymbolWeights(ultralightWidth: 0.75, blackWidth: 3))
        #expect(bar.symbol == SymbolWeights(ultralight: 0.5, blackWidth: 3))
    }

    @Test func widthsMustBePositiveAndUltralightThinner() {
        #expect(Self.errors("""
            assets:
              - {name: Plus, kind: symbol, source: Assets/Glyphs/plus.svg, weights: {ultralight: -1px, black: wide px}}
              - {name: Minus, kind: symbol, source: Assets/Glyphs/plus.svg, weights: {ultralight: 3px, black: 2px}}
            """) == [
            "m.yml:2:86: error: \"ultralight\" in \"weights\" of asset \"Plus\" is \"-1px\", not a stroke width above 0 px\n  fix: write a width in the SVG's user units such as 0.75px, or a ratio of the drawn width such as 0.31",
            "m.yml:2:99: error: \"black\" in \"weights\" of asset \"Plus\" is \"wide px\", not a stroke width above 0 px\n  fix: write a width in the SVG's user units such as 0.75px, or a ratio of the drawn width such as 0.31",
            "m.yml:3:87: error: \"ultralight\" in \"weights\" of asset \"Minus\" is 3px, not thinner than \"black\" (2px): Ultralight is drawn thinner than the drawing's own width (Regular) and Black wider\n  fix: give \"ultralight\" the smaller width, such as 0.75px, and \"black\" the larger, such as 3px",
        ])
    }

    @Test func weightsOutOfRangeOrWithoutASymbolAreErrors() {
        #expect(Self.errors("""
            assets:
              - {name: Plus, kind: symbol, source: Assets/Glyphs/plus.svg, weights: {ultralight: 2, heavy: 3}}
              - {name: Bar, kind: bar-glyph, source: Assets/Glyphs/plus.svg, weights: {black: 2}}
            """) == [
            "m.yml:2:89: error: unknown key \"heavy\" in \"weights\" of asset \"Plus\"\n  fix: known keys are \"ultralight\", \"black\"",
            "m.yml:2:86: error: \"ultralight\" in \"weights\" of asset \"Plus\" is \"2\", not a number of times the drawn width from 0.05 to 1\n  fix: write a plain number such as 1.5",
            "m.yml:3:75: error: \"weights\" in asset \"Bar\" sets the weights of its symbol, which needs `symbol: true`\n  fix: add `symbol: true`, or remove \"weights\"",
        ])
    }
}
