/// The `kind:` of a manifest asset, named once: the loader reads it, `AssetKind.keyword` writes
/// it back in messages, the JSON Schema lists the same words (checked by `VocabularyTests`).
/// In the order the loader offers them.
package enum AssetKindWord: String, CaseIterable, Hashable, Sendable {
    case appIcon = "app-icon"
    case image
    case barGlyph = "bar-glyph"
    case tabIcon = "tab-icon"
    case backIndicator = "back-indicator"
    case control
    case launchImage = "launch-image"
    case symbol

    /// The kinds drawn from one glyph (`GlyphSpecs`).
    package var isGlyph: Bool { [.barGlyph, .tabIcon, .backIndicator, .control].contains(self) }
}
