import AssetCore

/// The watchOS part of a table: the single-size `"platform" : "watchos"` slot of the app icon set.
package struct WatchIconRequirements: Hashable, Sendable, Decodable {
    package var slots: [AppIconSlot]
}

/// The tvOS part of a table: the brand-assets folder `<Name><folder-suffix>.brandassets`, its
/// image stacks (each 2 to 5 layers, named by `layer-names` front to back) and Top Shelf images.
package struct TVIconRequirements: Hashable, Sendable, Decodable {
    /// ` & Top Shelf Image`: Xcode's folder is `App Icon & Top Shelf Image.brandassets`.
    package var folderSuffix: String
    /// Layer folder names, front to back, by the number of layers (`"2": ["Front", "Back"]`).
    package var layerNames: [String: [String]]
    package var stacks: [Stack]
    package var images: [Image]

    enum CodingKeys: String, CodingKey {
        case folderSuffix = "folder-suffix"
        case layerNames = "layer-names"
        case stacks, images
    }

    /// The layer counts the table names (2...5).
    package var layerCounts: ClosedRange<Int> {
        let counts = layerNames.keys.compactMap(Int.init)
        return (counts.min() ?? 2)...(counts.max() ?? 2)
    }

    /// One `.imagestack` of the brand assets.
    package struct Stack: Hashable, Sendable, Decodable {
        package var role: String
        package var filename: String
        /// Points, Contents.json form (`400x240`).
        package var size: String
        /// nil: one image without a `scale` key (the App Store stack, 1280x768 px).
        package var scales: [Scale]?
        package var use: String
        package var points: PointSize? { PointSize(parsing: size) }
    }

    /// One `.imageset` of the brand assets (Top Shelf).
    package struct Image: Hashable, Sendable, Decodable {
        package var role: String
        package var filename: String
        package var size: String
        package var scales: [Scale]
        /// `tv` and `tv-marketing`: Xcode's Top Shelf sets hold both.
        package var idioms: [String]
        /// The manifest key that gives its artwork (`top-shelf`).
        package var sourceKey: String
        /// What it is for, in messages: `Top Shelf` (`Top Shelf image`).
        package var use: String
        /// False when App Store Connect takes an app without it (the wide Top Shelf image).
        package var required: Bool?
        package var points: PointSize? { PointSize(parsing: size) }

        enum CodingKeys: String, CodingKey {
            case role, filename, size, scales, idioms, use, required
            case sourceKey = "source-key"
        }
    }
}

/// The visionOS part of a table: `<Name>.solidimagestack`, three layers of one image each.
package struct VisionIconRequirements: Hashable, Sendable, Decodable {
    /// Points at `scale` (512x512 at 2x: 1024x1024 px).
    package var size: String
    package var scale: Scale
    /// Layer folder names, front to back, by the number of layers given.
    package var layerNames: [String: [String]]
    /// Layers left without a file (as Xcode leaves an unused one) by the number of layers given.
    package var emptyLayers: [String: [String]]

    enum CodingKeys: String, CodingKey {
        case size, scale
        case layerNames = "layer-names"
        case emptyLayers = "empty-layers"
    }

    package var layerCounts: ClosedRange<Int> {
        let counts = layerNames.keys.compactMap(Int.init)
        return (counts.min() ?? 3)...(counts.max() ?? 3)
    }
}
