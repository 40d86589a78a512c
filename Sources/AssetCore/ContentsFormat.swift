/// The keys of an image set's Contents.json and the values Xcode writes for them, named once:
/// `ContentsImage` and `ContentsDocument` build and read entries with them, verify checks a file
/// against them. Apple's Asset Catalog Format Reference (Contents.json: "info", "images",
/// "properties"; ImageSetType's image keys and their enumerated values).
package enum ContentsKey: String, CaseIterable, Hashable, Sendable {
    case filename, idiom, scale, size, subtype, role, platform, appearances
    case displayGamut = "display-gamut"
    case colorSpace = "color-space"
    case compressionType = "compression-type"
    case widthClass = "width-class"
    case heightClass = "height-class"
    case languageDirection = "language-direction"
    case memory
    case graphicsFeatureSet = "graphics-feature-set"
    case screenWidth = "screen-width"
    case alignmentInsets = "alignment-insets"
    case resizing, unassigned
    case matchingStyle = "matching-style"
    case orientation, extent
    case minimumSystemVersion = "minimum-system-version"
    case locale
}

/// The top level of a Contents.json and the keys inside its parts.
package enum ContentsFormat {
    package static let images = "images"
    package static let info = "info"
    package static let properties = "properties"
    /// `info`'s keys and Xcode's values: `{ "author" : "xcode", "version" : 1 }`.
    package static let author = "author"
    package static let version = "version"
    package static let xcodeAuthor = "xcode"
    /// One `appearances` item: `{ "appearance" : "luminosity", "value" : "dark" }`.
    package static let appearance = "appearance"
    package static let value = "value"

    /// The keys a Contents.json of an image set holds.
    package static let topKeys: Set<String> = [images, info, properties]

    /// The keys of `properties`.
    package static let propertyKeys: Set<String> = [
        templateRenderingIntent, "preserves-vector-representation", "pre-rendered", ContentsKey.compressionType.rawValue,
        "localizable", "auto-scaling", "on-demand-resource-tags", "provides-namespace",
    ]
    package static let templateRenderingIntent = "template-rendering-intent"

    /// The values Xcode writes for the enumerated keys of an image entry and of `properties`.
    package static let enumeratedValues: [String: [String]] = [
        ContentsKey.scale.rawValue: Scale.allCases.map(\.rawValue),
        ContentsKey.displayGamut.rawValue: ["sRGB", "display-P3"],
        ContentsKey.colorSpace.rawValue: ["srgb", "display-p3", "gray-gamma-22", "extended-srgb", "extended-linear-srgb"],
        ContentsKey.compressionType.rawValue: ["automatic", "lossless", "lossy", "gpu-optimized-best", "gpu-optimized-smallest"],
        ContentsKey.widthClass.rawValue: ["compact", "regular"],
        ContentsKey.heightClass.rawValue: ["compact", "regular"],
        ContentsKey.languageDirection.rawValue: ["left-to-right", "right-to-left"],
        ContentsKey.platform.rawValue: Platform.allCases.map(\.rawValue),
        templateRenderingIntent: ["template", "original"],
    ]

    /// The keys of an image entry whose values are enumerated, in the order verify checks them.
    package static let enumeratedImageKeys: [ContentsKey] = [
        .scale, .displayGamut, .colorSpace, .compressionType, .widthClass, .heightClass, .languageDirection, .platform,
    ]
}

extension Dictionary where Key == String, Value == JSONValue {
    /// `fields[.filename]`: an image entry's field by its typed key.
    package subscript(key: ContentsKey) -> JSONValue? {
        get { self[key.rawValue] }
        set { self[key.rawValue] = newValue }
    }
}

extension JSONValue {
    /// `entry[.filename]`: a field of an object by its typed key; nil for a missing key or a non-object.
    package subscript(key: ContentsKey) -> JSONValue? { self[key.rawValue] }
}
