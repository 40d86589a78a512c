import AssetCore

/// A launch image fully resolved for one device and orientation: layers in drawing order, in
/// output pixels. Rendering paints them as they are and decides nothing.
package struct LaunchScene: Hashable, Sendable, Codable {
    package var layers: [LaunchLayer]

    package init(layers: [LaunchLayer]) {
        self.layers = layers
    }

    /// Every file the scene draws, without repeats, in first-use order.
    package var sources: [SourceRef] {
        var seen: Set<String> = []
        return layers.compactMap(\.image).filter { seen.insert($0.path).inserted }
    }

    /// The scene with file paths emptied: what decides its pixels apart from the files' bytes.
    package var withoutPaths: LaunchScene {
        LaunchScene(layers: layers.map { layer in
            var layer = layer
            layer.image?.path = ""
            layer.image?.displayPath = ""
            return layer
        })
    }

    /// The scene with paths made relative by `transform` (for the portable plan dump).
    package func mappingPaths(_ transform: (String) -> String) -> LaunchScene {
        LaunchScene(layers: layers.map { layer in
            var layer = layer
            if let path = layer.image?.path { layer.image?.path = transform(path) }
            return layer
        })
    }
}

/// One layer: a filled rectangle (`image` nil), or an SVG drawn into `rect` keeping its aspect
/// ratio, centred (`contain`), and painted with `color` through its alpha when `color` is set.
package struct LaunchLayer: Hashable, Sendable, Codable {
    /// What the layer is (`status-bar`, `navigation-bar`, `tab-bar hairline`, `glyph 2`, `logo`).
    package var role: String
    package var rect: PixelRect
    package var color: RGBAColor?
    package var image: SourceRef?

    package init(role: String, rect: PixelRect, color: RGBAColor?, image: SourceRef? = nil) {
        self.role = role
        self.rect = rect
        self.color = color
        self.image = image
    }
}

/// A rectangle in whole output pixels, origin top left.
package struct PixelRect: Hashable, Sendable, Codable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}
