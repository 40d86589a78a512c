import Foundation

/// Rule 23 of the HIG rules: colours that must be told apart (a tab bar's tint and its
/// background, selected and unselected tints) need about a 50 % difference in luminance, measured
/// as 1 − (L₁ + 0.05) / (L₂ + 0.05) of the relative luminances: a contrast ratio of at least 2:1.
/// Rule 24: a state must not be carried by hue alone. The one place both the manifest's warnings
/// and the preview's greyscale check take their figures from.
package enum Contrast {
    /// 2:1, a 50 % difference in luminance.
    package static let minimumRatio = 2.0

    /// The WCAG contrast ratio, 1…21.
    package static func ratio(_ a: RGBAColor, _ b: RGBAColor) -> Double {
        let la = a.relativeLuminance, lb = b.relativeLuminance
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }

    /// 1 − 1 / ratio: 0…0.95.
    package static func luminanceDifference(_ a: RGBAColor, _ b: RGBAColor) -> Double {
        1 - 1 / ratio(a, b)
    }

    /// True when the two can be told apart in greyscale (rule 23).
    package static func isDistinct(_ a: RGBAColor, _ b: RGBAColor) -> Bool {
        ratio(a, b) >= minimumRatio
    }

    /// True when they are not distinct in luminance but differ by 30° or more in hue (rule 24).
    package static func differsOnlyInHue(_ a: RGBAColor, _ b: RGBAColor) -> Bool {
        !isDistinct(a, b) && hueDifference(a, b) >= 30
    }

    /// `38 %`
    package static func percent(_ a: RGBAColor, _ b: RGBAColor) -> String {
        "\(Int((luminanceDifference(a, b) * 100).rounded())) %"
    }

    /// Hue difference in degrees (0…180); 0 when either colour is nearly grey.
    package static func hueDifference(_ a: RGBAColor, _ b: RGBAColor) -> Double {
        guard let ha = hue(a), let hb = hue(b) else { return 0 }
        let d = abs(ha - hb).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    private static func hue(_ c: RGBAColor) -> Double? {
        let r = Double(c.red) / 255, g = Double(c.green) / 255, b = Double(c.blue) / 255
        let hi = max(r, g, b), lo = min(r, g, b), chroma = hi - lo
        guard chroma > 0.15 else { return nil }
        var h: Double
        if hi == r { h = (g - b) / chroma } else if hi == g { h = (b - r) / chroma + 2 } else { h = (r - g) / chroma + 4 }
        h *= 60
        return h < 0 ? h + 360 : h
    }
}
