import AssetCore

/// `badge:` on an app icon or a flavour: a word or version drawn over every size of the icon
/// (and as its own top layer of an `.icon`), never into the master.
package struct BadgeSpec: Hashable, Sendable {
    /// The text drawn, `${NAME}` already replaced by the value it was given.
    package var text: String
    package var style: BadgeStyle
    /// The badge's colour (the ribbon, the band, the dot).
    package var fill: RGBAColor
    /// The text's colour.
    package var textColor: RGBAColor
    /// Where `badge:` was written.
    package var location: SourceLocation

    package init(text: String, style: BadgeStyle, fill: RGBAColor, textColor: RGBAColor, location: SourceLocation) {
        self.text = text
        self.style = style
        self.fill = fill
        self.textColor = textColor
        self.location = location
    }
}

/// How a badge is drawn: `ribbon` a diagonal band across the top right corner, `band` a strip
/// along the bottom edge, `dot` a disc in the top right corner (text inside when it fits).
package enum BadgeStyle: String, Hashable, Sendable, CaseIterable, Codable {
    case ribbon
    case band
    case dot

    /// The colours used when `colors:` does not give them.
    package var defaultFill: RGBAColor {
        switch self {
        case .ribbon: RGBAColor(red: 0xD9, green: 0x2D, blue: 0x20)
        case .band: RGBAColor(red: 0x1C, green: 0x1C, blue: 0x1E, alpha: 0xE6)
        case .dot: RGBAColor(red: 0xFF, green: 0x3B, blue: 0x30)
        }
    }
}

/// Why an asset is in the manifest without being listed under `assets:` itself.
package enum IconVariant: Hashable, Sendable {
    /// An item of `alternates:` of the app icon `primary`.
    case alternate(primary: String)
    /// The flat picker preview image set of the alternate icon `alternate`; `overlays` are the
    /// layers drawn over the first (for an alternate made from `layers:`).
    case preview(alternate: String, overlays: [SourceFile])
    /// Flavour `flavor` of the asset `base` (`AppIcon-Beta`).
    case flavor(base: String, flavor: String)
}

/// One entry of the top-level `flavors:`.
package struct FlavorSpec: Hashable, Sendable {
    package var name: String
    package var location: SourceLocation
    /// The badge drawn on every app icon of the flavour (nil: none).
    package var badge: BadgeSpec?
    /// `alternates: true`: the alternate icons get a flavour set (and the badge) too.
    package var alternates: Bool
    /// The assets the flavour writes, by base name → flavour set name.
    package var assetNames: [String: String] = [:]

    package init(name: String, location: SourceLocation, badge: BadgeSpec?, alternates: Bool) {
        self.name = name
        self.location = location
        self.badge = badge
        self.alternates = alternates
    }
}
