import AssetCore
import Testing

/// Icon Composer's vocabulary and the 1024 px layer rule, in the words every stage prints.
@Suite struct IconComposerFormatTests {
    @Test func valuesAreApplesLists() {
        #expect(IconComposerFormat.BlendMode.allCases.map(\.rawValue) == [
            "normal", "multiply", "screen", "overlay", "darken", "lighten", "soft-light", "hard-light", "plus-darker",
            "plus-lighter",
        ])
        #expect(Set(IconComposerFormat.ShadowKind.allCases.map(\.rawValue)) == ["automatic", "neutral", "none", "layer-color"])
        #expect(IconComposerFormat.Appearance.allCases.map(\.rawValue) == ["light", "dark", "tinted"])
        #expect(IconComposerFormat.FillKind.allCases.map(\.rawValue) == ["solid", "automatic-gradient", "linear-gradient"])
    }

    /// The keys of each level, as Icon Composer writes them (the planner writes and verify reads these).
    @Test func keysAreIconComposersByLevel() {
        #expect(IconComposerFormat.topKeys == ["fill", "groups", "supported-platforms", "color-space-for-untagged-svg-colors"])
        #expect(IconComposerFormat.groupKeys == ["layers", "shadow", "translucency", "blur-material", "lighting", "specular",
                                                 "blend-mode", "opacity", "hidden", "position", "name"])
        #expect(IconComposerFormat.layerKeys == ["name", "image-name", "glass", "fill", "opacity", "blend-mode", "hidden", "position"])
        #expect(IconComposerFormat.everyPlatform == ["circles": ["watchOS"], "squares": "shared"])
        #expect(IconComposerFormat.object([IconComposerFormat.PositionKey.scale: 1, .translationInPoints: [0, -40]])
            == ["scale": 1, "translation-in-points": [0, -40]])
    }

    @Test func colourStringsAreKnownByTheirSpace() {
        #expect(IconComposerFormat.ColorSpace.isKnown("srgb:0.1,0.2,0.3,1"))
        #expect(IconComposerFormat.ColorSpace.isKnown("extended-srgb:1.2,0,0,1"))
        #expect(IconComposerFormat.ColorSpace.isKnown("named:system-blue"))
        #expect(!IconComposerFormat.ColorSpace.isKnown("#FF0000"))
        #expect(!IconComposerFormat.ColorSpace.isKnown("rgb:1,0,0"))
    }

    @Test func layerRuleMeasuresTheShortSideAndSaysSoOnce() {
        #expect(IconLayerRule.isTooSmall(PixelSize(width: 2048, height: 1000)))
        #expect(!IconLayerRule.isTooSmall(PixelSize(width: 1024, height: 1024)))
        #expect(IconLayerRule.problem(PixelSize(width: 32, height: 32))
                == "is 32x32 px, smaller than the 1024x1024 px icon canvas; it will look soft")
        #expect(IconLayerRule.fix == "export the layer at 1024x1024 px or more, or as SVG")
    }
}
