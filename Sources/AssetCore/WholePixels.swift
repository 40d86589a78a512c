/// Rule: every size Assetsmith draws or checks is a whole number of pixels at every scale it is
/// drawn at (a fraction would blur every edge). The one measure and the one wording, used by the
/// planners, verify and `init`.
package enum WholePixels {
    /// Whether `points` at `scale` is a whole number of pixels.
    package static func isWhole(_ points: Double, at scale: Scale) -> Bool {
        let pixels = points * Double(scale.factor)
        return pixels == pixels.rounded()
    }

    /// `image "Odd" is 10.5x10.5 pt, which is not a whole number of pixels at @3x`, from
    /// `what` = `image "Odd" is 10.5x10.5 pt`.
    package static func problem(_ what: String, at scale: Scale) -> String {
        "\(what), which is not a whole number of pixels at \(scale)"
    }

    /// How to fix a point size.
    package static let fix = "use a point size that gives whole pixels at every scale (e.g. a multiple of 1 pt, or 0.5 pt without @3x)"
}
