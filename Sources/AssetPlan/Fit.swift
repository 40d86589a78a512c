import AssetCore

/// How a source is placed in an output's pixel box.
package enum Fit: String, Hashable, Sendable, Codable {
    /// Scaled to fill the box exactly (aspect ratio may change; app icons are square to square).
    case fill
    /// Scaled uniformly to fit inside the box, centred; the rest stays transparent.
    case contain

    /// Where the source lands in the box, in output pixels: origin and size (fractional).
    /// The size is exact; the origin of a `contain` placement is rounded to whole pixels so that
    /// edges which can fall on pixel boundaries do.
    package func placement(source: PixelSize, in box: PixelSize) -> Placement {
        switch self {
        case .fill:
            return Placement(x: 0, y: 0, width: Double(box.width), height: Double(box.height))
        case .contain:
            let s = min(Double(box.width) / Double(source.width), Double(box.height) / Double(source.height))
            let w = Double(source.width) * s
            let h = Double(source.height) * s
            return Placement(x: ((Double(box.width) - w) / 2).rounded(.down),
                             y: ((Double(box.height) - h) / 2).rounded(.down),
                             width: w, height: h)
        }
    }
}

/// A rectangle in output pixels.
package struct Placement: Hashable, Sendable {
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double

    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The source pixels this placement shows at 100%: the smallest source that is not upscaled.
    package var neededSourcePixels: PixelSize {
        PixelSize(width: Int(width.rounded(.up)), height: Int(height.rounded(.up)))
    }
}
