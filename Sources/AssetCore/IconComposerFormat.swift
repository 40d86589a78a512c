/// Icon Composer's `icon.json` (Xcode 26), named once: its keys by level and the values Apple's
/// `ictool` validates (`Docs/reference/apple-formats-2026.md`). The manifest loader offers
/// these values, the planner writes them, verify accepts them and the preview reads them.
package enum IconComposerFormat {
    /// `icon.json`, at the top of the bundle.
    package static let documentName = "icon.json"
    /// `Assets`: the flat folder of layer files.
    package static let assetsFolder = "Assets"

    /// Keys of the top level (`groups` holds the groups).
    package static let topKeys: Set<String> = ["fill", "groups", "supported-platforms", "color-space-for-untagged-svg-colors"]
    /// Keys of a group (`layers` holds its layers).
    package static let groupKeys: Set<String> = ["layers", "shadow", "translucency", "blur-material", "lighting", "specular",
                                                 "blend-mode", "opacity", "hidden", "position", "name"]
    /// Keys of a layer.
    package static let layerKeys: Set<String> = ["name", "image-name", "glass", "fill", "opacity", "blend-mode", "hidden",
                                                 "position"]
    /// `fill-specializations`: any property may be given per appearance or idiom.
    package static let specializationSuffix = "-specializations"
    /// The keys of one specialisation entry: `{ "appearance" : "dark", "value" : … }`.
    package enum SpecializationKey: String, CaseIterable, Sendable {
        case appearance, idiom, value
    }

    /// The keys of one specialisation entry, as a set.
    package static let specializationKeys = Set(SpecializationKey.allCases.map(\.rawValue))
    /// A top-level `features` array makes actool fail with an internal error (Xcode 26.6).
    package static let featuresKey = "features"

    /// `blend-mode` of a group or layer.
    package enum BlendMode: String, CaseIterable, Sendable {
        case normal, multiply, screen, overlay, darken, lighten
        case softLight = "soft-light"
        case hardLight = "hard-light"
        case plusDarker = "plus-darker"
        case plusLighter = "plus-lighter"
    }

    /// `shadow.kind` of a group.
    package enum ShadowKind: String, CaseIterable, Sendable {
        case neutral
        case layerColor = "layer-color"
        case none
        /// Apple's `ictool` accepts it (the reference lists it); the manifest offers it too.
        case automatic
    }

    /// `lighting` of a group.
    package enum Lighting: String, CaseIterable, Sendable {
        case combined, individual
    }

    /// `appearance` of a specialisation entry (an entry without one is the default): the three
    /// luminosity words of Contents.json (`light`, `dark`, `tinted`).
    package typealias Appearance = AssetCore.Appearance.Luminosity

    /// A `fill` given as a word.
    package enum FillWord: String, CaseIterable, Sendable {
        case none, automatic
        case systemLight = "system-light"
        case systemDark = "system-dark"
    }

    /// A `fill` given as an object: its one kind key (beside `orientation`).
    package enum FillKind: String, CaseIterable, Sendable {
        case solid
        case automaticGradient = "automatic-gradient"
        case linearGradient = "linear-gradient"
    }

    /// The `orientation` beside a `linear-gradient`.
    package static let orientationKey = "orientation"

    /// Colour strings: `srgb:0.1,0.2,0.3,1.0`, `display-p3:…`, `named:system-blue`.
    package enum ColorSpace: String, CaseIterable, Sendable {
        case srgb
        case extendedSRGB = "extended-srgb"
        case displayP3 = "display-p3"
        case gray
        case extendedGray = "extended-gray"
        case named

        /// `srgb:`
        package var prefix: String { rawValue + ":" }

        /// True when `color` is written in one of the colour spaces.
        package static func isKnown(_ color: String) -> Bool { allCases.contains { color.hasPrefix($0.prefix) } }
    }

    /// `idiom` of a specialisation entry.
    /// The shape words and the platforms by name (`iOS`, `macOS`…; tvOS has no Icon Composer icon).
    package static let idioms: Set<String> = Set(["square", "circle", "squares", "circles"]
        + [Platform.ios, .macos, .watchos, .visionos].map(\.name))
}

/// Icon Composer draws layers on a 1024x1024 pt canvas: a PNG layer smaller than 1024 px a side
/// looks soft. The build warns, verify reports (an error for our own files) and the loader's fix
/// for a wrong file type names it; all in these words.
package enum IconLayerRule {
    /// The smallest side in pixels.
    package static let minimumSide = 1024

    /// True when a PNG layer of `size` is under the canvas.
    package static func isTooSmall(_ size: PixelSize) -> Bool { min(size.width, size.height) < minimumSide }

    /// `is 32x32 px, smaller than the 1024x1024 px icon canvas; it will look soft`
    package static func problem(_ size: PixelSize) -> String {
        "is \(size.width)x\(size.height) px, smaller than the \(minimumSide)x\(minimumSide) px icon canvas; it will look soft"
    }

    package static let fix = "export the layer at \(minimumSide)x\(minimumSide) px or more, or as SVG"

    /// The fix for a layer that is neither SVG nor PNG.
    package static let fileTypeFix = "export the layer as SVG (preferred) or as a PNG of at least \(minimumSide)x\(minimumSide) px"
}
