import AssetCore
import AssetSpec

/// Checks across the tabs of a manifest (warnings; `--strict` makes them fail the build):
/// at most 5 tabs in a `group` on iPhone (7 on iPad, rule 12), and the `tab-bar:` colours:
/// tint against background and selected against unselected tint must differ by at least 50 %
/// in luminance (rule 23), and selected and unselected tints must not differ in hue alone (rule 24).
///
/// "50 % in luminance" is measured as 1 − (L₁ + 0.05) / (L₂ + 0.05) with L₂ the lighter relative
/// luminance: a contrast ratio of at least 2:1.
enum TabBarChecks {
    static func check(_ manifest: Manifest) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let idiom = manifest.tabBar?.idiom ?? "iphone"
        let limit = idiom == "ipad" ? 7 : 5
        var groups: [String: [(AssetEntry, Located<String>)]] = [:]
        var order: [String] = []
        for asset in manifest.assets {
            guard case .tabIcon(let spec) = asset.kind, let group = spec.group else { continue }
            if groups[group.value] == nil { order.append(group.value) }
            groups[group.value, default: []].append((asset, group))
        }
        for name in order {
            let tabs = groups[name]!
            guard tabs.count > limit else { continue }
            let extra = tabs[limit]
            diagnostics.append(.warning(
                "tab bar group \"\(name)\" has \(tabs.count) tabs; \(idiom == "ipad" ? "iPad" : "iPhone") shows at most \(limit), so \"\(extra.0.name)\" and the tabs after it go under \"More\"",
                at: .source(extra.1.location),
                fix: "keep at most \(limit) tabs in a tab bar (rule 12), or move some into another group"))
        }
        guard let bar = manifest.tabBar else { return diagnostics }
        if let tint = bar.tint, let background = bar.background,
           luminanceDifference(tint.value, background.value) < 0.5 {
            diagnostics.append(.warning(
                "tab bar tint \(tint.value) and background \(background.value) differ by \(percent(tint.value, background.value)) in luminance, less than 50 %",
                at: .source(tint.location),
                fix: "make the tint much lighter or darker than the background (check the bar in greyscale, rule 23)"))
        }
        if let tint = bar.tint, let unselected = bar.unselectedTint,
           luminanceDifference(tint.value, unselected.value) < 0.5 {
            if hueDifference(tint.value, unselected.value) >= 30 {
                diagnostics.append(.warning(
                    "selected tint \(tint.value) and unselected tint \(unselected.value) differ only in hue",
                    at: .source(unselected.location),
                    fix: "make one of them much lighter or darker: colour alone does not carry a state (rule 24)"))
            } else {
                diagnostics.append(.warning(
                    "selected tint \(tint.value) and unselected tint \(unselected.value) differ by \(percent(tint.value, unselected.value)) in luminance, less than 50 %",
                    at: .source(unselected.location),
                    fix: "make the unselected tint much lighter or darker than the selected one (rule 23)"))
            }
        }
        return diagnostics
    }

    /// 1 − (darker + 0.05) / (lighter + 0.05) of the relative luminances, 0…0.95.
    static func luminanceDifference(_ a: RGBAColor, _ b: RGBAColor) -> Double {
        let la = a.relativeLuminance, lb = b.relativeLuminance
        return 1 - (min(la, lb) + 0.05) / (max(la, lb) + 0.05)
    }

    static func percent(_ a: RGBAColor, _ b: RGBAColor) -> String {
        "\(Int((luminanceDifference(a, b) * 100).rounded())) %"
    }

    /// Hue difference in degrees (0…180); 0 when either colour is nearly grey.
    static func hueDifference(_ a: RGBAColor, _ b: RGBAColor) -> Double {
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
