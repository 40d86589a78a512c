import AssetCore
import AssetSpec

/// A badge as one output draws it: the text, the style and the colours of that output's
/// appearance, already chosen. Part of a badged job (and so of its build key); nil everywhere else.
package struct BadgeDrawing: Hashable, Sendable, Codable {
    package var text: String
    package var style: BadgeStyle
    package var fill: RGBAColor
    package var textColor: RGBAColor
    /// The icon's square inside the canvas, as a fraction of the side on each edge (a macOS icon
    /// on Apple's grid; 0: the whole canvas).
    package var inset: Double

    package init(text: String, style: BadgeStyle, fill: RGBAColor, textColor: RGBAColor, inset: Double = 0) {
        self.text = text
        self.style = style
        self.fill = fill
        self.textColor = textColor
        self.inset = inset
    }

    /// `badge` in the colours of `appearance` (`nil` light, `dark`, `tinted`):
    /// - light: the badge's own colours;
    /// - dark: the fill at 80 % brightness (a dark icon is dimmer; the text keeps its colour, and
    ///   white text on a dimmed fill keeps its contrast);
    /// - tinted: the system tints a greyscale icon by luminance, so the badge is drawn near white
    ///   (`#F2F2F2`, the strongest tint) with black text, after the icon is made grey.
    package init(_ badge: BadgeSpec, appearance: Appearance.Luminosity?, inset: Double = 0) {
        switch appearance {
        case .dark?:
            let dim = { (value: UInt8) in UInt8((Double(value) * 0.8).rounded()) }
            self.init(text: badge.text, style: badge.style,
                      fill: RGBAColor(red: dim(badge.fill.red), green: dim(badge.fill.green), blue: dim(badge.fill.blue),
                                      alpha: badge.fill.alpha),
                      textColor: badge.textColor, inset: inset)
        case .tinted?:
            self.init(text: badge.text, style: badge.style, fill: RGBAColor(red: 0xF2, green: 0xF2, blue: 0xF2),
                      textColor: RGBAColor(red: 0, green: 0, blue: 0), inset: inset)
        default:
            self.init(text: badge.text, style: badge.style, fill: badge.fill, textColor: badge.textColor, inset: inset)
        }
    }
}
