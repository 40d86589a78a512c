import AssetCore

/// `kind: app-icon` with `layers:`: a Liquid Glass icon written as an Icon Composer `.icon`
/// bundle (`<output>/<Name>.icon/icon.json` and `Assets/`), Xcode 26's app icon format.
package struct IconComposerSpec: Hashable, Sendable {
    /// The background behind every layer.
    package var fill: IconFill
    /// Groups from bottom to top, as the manifest lists them (each `layers:` item is a group;
    /// a plain layer is a group of one). icon.json lists them the other way round.
    package var groups: [IconGroupSpec]
    /// `dark:` and `tinted:` overrides (fill, layer sources).
    package var dark: IconAppearanceSpec?
    package var tinted: IconAppearanceSpec?
    /// `source:` (and `small-source`, `background`, `layout`) given beside `layers:`: the team's own
    /// flat icons, written as the set `<Name>-Flat.appiconset` so that it is not ambiguous with
    /// the `.icon` of the same name. nil: the `.icon` alone.
    package var flat: AppIconSpec?
    /// Where `layers:` was written.
    package var location: SourceLocation
    /// `platforms:` (default `[ios]`). ios, macos and watchos get the `.icon` (and the flat set);
    /// tvos gets a brand-assets folder of image stacks and visionos a solid image stack, both
    /// from the same layers.
    package var platforms: [Platform] = [.ios]
    /// Where `platforms:` was written (nil: not given).
    package var platformsLocation: SourceLocation?
    /// Where `fill:` was written (nil: not given).
    package var fillLocation: SourceLocation?
    /// `top-shelf:` / `top-shelf-wide:`: tvOS Top Shelf artwork; nil: composed from the layers on the fill.
    package var topShelf: SourceFile?
    package var topShelfWide: SourceFile?
    /// `macos-style:` of the macOS sizes composed from the layers (no `source:`).
    package var macStyle: AppIconSpec.MacIconStyle = .appleGrid
    /// `badge:`: drawn as the bundle's own top layer (and over the flat sizes).
    package var badge: BadgeSpec?

    /// True when the `.icon` bundle is written: for ios, macos or watchos (not for tvOS or visionOS alone).
    package var writesIconBundle: Bool { platforms.contains { !$0.isStack } }

    package init(fill: IconFill, groups: [IconGroupSpec], dark: IconAppearanceSpec? = nil,
                 tinted: IconAppearanceSpec? = nil, flat: AppIconSpec? = nil, location: SourceLocation) {
        self.fill = fill
        self.groups = groups
        self.dark = dark
        self.tinted = tinted
        self.flat = flat
        self.location = location
    }

    /// Every layer, bottom to top.
    package var layers: [IconLayerSpec] { groups.flatMap(\.layers) }

    /// The suffix of the flat set's name: `AppIcon` → `AppIcon-Flat.appiconset`.
    package static let flatSuffix = "-Flat"
}

/// The fill of the icon's background or of one layer (`fill:`).
package enum IconFill: Hashable, Sendable {
    /// `automatic`: the system's fill (a layer's own colours for a layer).
    case automatic
    /// `"#RRGGBB"`
    case solid(RGBAColor)
    /// `{ gradient: ["#top", "#bottom"] }`: two colours, a linear gradient.
    case gradient(RGBAColor, RGBAColor)

    /// The colour of a one-colour fill.
    package var solidColor: RGBAColor? {
        if case .solid(let color) = self { return color }
        return nil
    }

    package var isSolid: Bool { solidColor != nil }
}

/// One group: its layers (bottom to top) and the Liquid Glass settings Icon Composer keeps per group.
package struct IconGroupSpec: Hashable, Sendable {
    package var layers: [IconLayerSpec]
    /// An `IconComposerFormat.ShadowKind`; nil: Icon Composer's default.
    package var shadow: String?
    /// 0…1; nil: the default.
    package var shadowOpacity: Double?
    /// 0…1 (0 turns translucency off); nil: the default.
    package var translucency: Double?
    package var specular: Bool?
    /// `combined` or `individual`.
    package var lighting: String?
    /// 0…1
    package var blurMaterial: Double?
    package var location: SourceLocation

    package init(layers: [IconLayerSpec], location: SourceLocation) {
        self.layers = layers
        self.location = location
    }
}

/// One layer: an SVG (preferred) or PNG file and its properties.
package struct IconLayerSpec: Hashable, Sendable {
    /// `name:`, or the file name without extension. Unique in the icon.
    package var name: String
    package var source: SourceFile
    package var glass: Bool?
    /// 0…1
    package var opacity: Double?
    package var blendMode: String?
    /// 0.01…10, 1 is the artwork's own size.
    package var scale: Double?
    /// `offset: [x, y]` in points: Icon Composer's `translation-in-points`.
    package var offset: [Double]?
    package var fill: IconFill?

    package init(name: String, source: SourceFile) {
        self.name = name
        self.source = source
    }
}

/// `dark:` or `tinted:` of an icon with layers: a fill and layer files for that appearance.
package struct IconAppearanceSpec: Hashable, Sendable {
    package var fill: IconFill?
    /// Layer name → the file drawn in this appearance instead of the layer's own.
    package var sources: [String: SourceFile]
    package var location: SourceLocation

    package init(fill: IconFill?, sources: [String: SourceFile], location: SourceLocation) {
        self.fill = fill
        self.sources = sources
        self.location = location
    }
}

extension AppIconSpec {
    /// A flat icon drawn from `source` on `background` for `platforms` (the macOS and watchOS
    /// sizes composed from an icon's layers).
    package init(composedFrom source: SourceFile, background: RGBAColor, platforms: [Platform], macStyle: MacIconStyle) {
        self.init(source: source, smallSource: nil, background: background, backgroundGiven: true, layout: nil,
                  dark: nil, tinted: nil)
        self.platforms = platforms
        self.macStyle = macStyle
    }
}
