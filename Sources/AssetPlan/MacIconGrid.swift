import AssetCore

/// Apple's macOS app icon grid, as fractions so that it scales to every size: the artwork is a
/// rounded square inset by `margin` of the canvas on each side, its corners `cornerRadius` of its
/// own side, over a soft shadow (`shadowOpacity` black, blurred by `shadowBlur` and moved down by
/// `shadowOffset`, both fractions of the canvas). The values come from the requirement table.
package struct MacIconGrid: Hashable, Sendable, Codable {
    package var margin: Double
    package var cornerRadius: Double
    package var shadowOpacity: Double
    package var shadowBlur: Double
    package var shadowOffset: Double

    package init(margin: Double, cornerRadius: Double, shadowOpacity: Double, shadowBlur: Double, shadowOffset: Double) {
        self.margin = margin
        self.cornerRadius = cornerRadius
        self.shadowOpacity = shadowOpacity
        self.shadowBlur = shadowBlur
        self.shadowOffset = shadowOffset
    }

    enum CodingKeys: String, CodingKey {
        case margin
        case cornerRadius = "corner-radius"
        case shadowOpacity = "shadow-opacity"
        case shadowBlur = "shadow-blur"
        case shadowOffset = "shadow-offset"
    }

    /// The artwork's square inside a canvas of `side` px: whole pixels, centred.
    package func body(side: Int) -> (origin: Int, side: Int) {
        let inset = max(1, Int((Double(side) * margin).rounded()))
        return (inset, max(1, side - 2 * inset))
    }
}
