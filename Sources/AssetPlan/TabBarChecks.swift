import AssetCore
import AssetSpec

/// Checks across the tabs of a manifest (warnings; `--strict` makes them fail the build):
/// at most the table's `maximum-tabs` in a `group` (5 on iPhone, 7 on iPad, rule 12), and the `tab-bar:` colours:
/// tint against background and selected against unselected tint must differ by at least 50 %
/// in luminance (rule 23), and selected and unselected tints must not differ in hue alone (rule 24).
///
/// The measures are `Contrast`'s, shared with the preview.
enum TabBarChecks {
    static func check(_ manifest: Manifest, table: RequirementTable) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let idiom = manifest.tabBar?.idiom ?? .iphone
        guard let limit = table.glyphs?.tabIcon.maximumTabs(for: idiom) else { return colourChecks(manifest) }
        var groups: [String: [(AssetEntry, Located<String>)]] = [:]
        var order: [String] = []
        for asset in manifest.assets {
            guard case .tabIcon(let spec) = asset.kind, let group = spec.group else { continue }
            if groups[group.value] == nil { order.append(group.value) }
            groups[group.value, default: []].append((asset, group))
        }
        for name in order {
            guard let tabs = groups[name], tabs.count > limit else { continue }
            let extra = tabs[limit]
            diagnostics.append(.warning(
                "tab bar group \"\(name)\" has \(tabs.count) tabs; \(idiom.deviceName) shows at most \(limit), so \"\(extra.0.name)\" and the tabs after it go under \"More\"",
                at: .source(extra.1.location),
                fix: "keep at most \(limit) tabs in a tab bar (rule 12), or move some into another group").concerning(extra.0.name))
        }
        return diagnostics + colourChecks(manifest)
    }

    /// The `tab-bar:` colours against each other (rules 23, 24).
    private static func colourChecks(_ manifest: Manifest) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        guard let bar = manifest.tabBar else { return diagnostics }
        if let tint = bar.tint, let background = bar.background,
           !Contrast.isDistinct(tint.value, background.value) {
            diagnostics.append(.warning(
                "tab bar tint \(tint.value) and background \(background.value) differ by \(Contrast.percent(tint.value, background.value)) in luminance, less than 50 %",
                at: .source(tint.location),
                fix: "make the tint much lighter or darker than the background (check the bar in greyscale, rule 23)"))
        }
        if let tint = bar.tint, let unselected = bar.unselectedTint,
           !Contrast.isDistinct(tint.value, unselected.value) {
            if Contrast.differsOnlyInHue(tint.value, unselected.value) {
                diagnostics.append(.warning(
                    "selected tint \(tint.value) and unselected tint \(unselected.value) differ only in hue",
                    at: .source(unselected.location),
                    fix: "make one of them much lighter or darker: colour alone does not carry a state (rule 24)"))
            } else {
                diagnostics.append(.warning(
                    "selected tint \(tint.value) and unselected tint \(unselected.value) differ by \(Contrast.percent(tint.value, unselected.value)) in luminance, less than 50 %",
                    at: .source(unselected.location),
                    fix: "make the unselected tint much lighter or darker than the selected one (rule 23)"))
            }
        }
        return diagnostics
    }

}
