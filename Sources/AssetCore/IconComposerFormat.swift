/// Icon Composer's `icon.json` (Xcode 26), named once: its keys by level (typed, down to a shadow's
/// and a position's) and the values Apple's `ictool` validates (`Docs/reference/apple-formats-2026.md`).
/// The manifest loader offers these values, the planner writes icon.json with these keys and values
/// (`IconBundlePlanner`, `BadgeLayer`), verify accepts them and the preview reads them.
package enum IconComposerFormat {
    /// `icon.json`, at the top of the bundle.
    package static let documentName = "icon.json"
    /// `Assets`: the flat folder of layer files.
    package static let assetsFolder = "Assets"

    /// Keys of the top level (`groups` holds the groups).
    package enum TopKey: String, CaseIterable, Sendable {
        case fill, groups
        case supportedPlatforms = "supported-platforms"
        case colorSpaceForUntaggedSVGColors = "color-space-for-untagged-svg-colors"
    }

    /// Keys of a group (`layers` holds its layers).
    package enum GroupKey: String, CaseIterable, Sendable {
        case layers, shadow, translucency
        case blurMaterial = "blur-material"
        case lighting, specular
        case blendMode = "blend-mode"
        case opacity, hidden, position, name
    }

    /// Keys of a layer.
    package enum LayerKey: String, CaseIterable, Sendable {
        case name
        case imageName = "image-name"
        case glass, fill, opacity
        case blendMode = "blend-mode"
        case hidden, position
    }

    /// The keys verify accepts at each level, as sets.
    package static let topKeys = Set(TopKey.allCases.map(\.rawValue))
    package static let groupKeys = Set(GroupKey.allCases.map(\.rawValue))
    package static let layerKeys = Set(LayerKey.allCases.map(\.rawValue))

    /// A group's `shadow`: `{ "kind" : "neutral", "opacity" : 0.5 }`.
    package enum ShadowKey: String, CaseIterable, Sendable {
        case kind, opacity
    }

    /// A group's `translucency`: `{ "enabled" : true, "value" : 0.4 }`.
    package enum TranslucencyKey: String, CaseIterable, Sendable {
        case enabled, value
    }

    /// A layer's `position`: `{ "scale" : 1, "translation-in-points" : [0, -40] }`.
    package enum PositionKey: String, CaseIterable, Sendable {
        case scale
        case translationInPoints = "translation-in-points"
    }

    /// A `linear-gradient`'s `orientation`: `{ "start" : { "x" : 0.5, "y" : 0 }, "stop" : … }`.
    package enum OrientationKey: String, CaseIterable, Sendable {
        case start, stop
    }

    /// A point of an `orientation`, in units of the canvas.
    package enum PointKey: String, CaseIterable, Sendable {
        case x, y
    }

    /// `supported-platforms` as Icon Composer writes it for a new icon: the watchOS circle and the
    /// shared square of every other platform.
    package static let everyPlatform = object([Shape.circles: [.string(Platform.watchos.name)], .squares: "shared"])

    /// The two icon shapes, keys of `supported-platforms` (and `idiom` words of a specialisation).
    package enum Shape: String, CaseIterable, Sendable {
        case square, circle, squares, circles
    }

    /// A JSON object from typed keys: `object([ShadowKey.kind: "neutral", .opacity: .number(0.5)])`.
    package static func object<Key: RawRepresentable>(_ pairs: KeyValuePairs<Key, JSONValue>) -> JSONValue where Key.RawValue == String {
        var fields: [String: JSONValue] = [:]
        for (key, value) in pairs { fields[key.rawValue] = value }
        return .object(fields)
    }
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
    package static let idioms: Set<String> = Set(Shape.allCases.map(\.rawValue)
        + [Platform.ios, .macos, .watchos, .visionos].map(\.name))
}

extension Dictionary where Key == String, Value == JSONValue {
    /// An icon.json object's field by its typed key: `fields[IconComposerFormat.LayerKey.glass] = .bool(true)`.
    package subscript<Typed: RawRepresentable>(_ key: Typed) -> JSONValue? where Typed.RawValue == String {
        get { self[key.rawValue] }
        set { self[key.rawValue] = newValue }
    }
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
