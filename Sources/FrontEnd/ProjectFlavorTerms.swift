import AssetSpec
import Foundation
import XcodeProject

/// What `init` reads of the project's own flavour terms (issue 35): when its configurations name
/// icons after themselves (`AppIconBeta` in configuration Beta beside `AppIcon` in Release), the
/// set name pattern; when the target's App Icon setting reads another variable
/// (`XcodeSetting.appIconName` set to `${CE_APPICON_NAME}`), that variable as `icon-setting:`.
enum ProjectFlavorTerms {
    static let appIconKey = FlavorNaming.defaultIconSetting

    /// The name pattern and the setting variable of the first app target that has either; nil
    /// for what the project leaves at the default or does not say.
    static func terms(_ project: ProjectFile) -> (AdoptedManifest.FlavorNames?, AdoptedManifest.IconSetting?) {
        for target in project.targets where target.productType.isApp {
            var names: AdoptedManifest.FlavorNames?
            if let (pattern, example) = pattern(target), pattern != FlavorNaming.defaultPattern {
                names = AdoptedManifest.FlavorNames(pattern: pattern, example: example)
            }
            let setting = variable(target).map { AdoptedManifest.IconSetting(variable: $0, target: target.name) }
            if names != nil || setting != nil { return (names, setting) }
        }
        return (nil, nil)
    }

    /// The pattern that turns the Release icon into another configuration's (`{name}{flavor}`).
    static func pattern(_ target: Target) -> (pattern: String, example: String)? {
        guard let base = target.appIconNames(configuration: "Release").first else { return nil }
        for configuration in target.configurations where configuration.name != "Release" {
            guard let icon = configuration.values(of: appIconKey).first, icon != base, icon.hasPrefix(base) else { continue }
            let between = icon.dropFirst(base.count).dropLast(configuration.name.count)
            guard icon.hasSuffix(configuration.name), ["", "-", "_", "."].contains(String(between)) else { continue }
            return ("{name}\(between){flavor}", "\(icon) in configuration \(configuration.name)")
        }
        return nil
    }

    /// `CE_APPICON_NAME` when the App Icon setting is written as `${CE_APPICON_NAME}` (or `$(…)`).
    static func variable(_ target: Target) -> String? {
        for configuration in target.configurations {
            for value in configuration.settings[appIconKey] ?? [] {
                for (open, close) in [("${", "}"), ("$(", ")")] where value.hasPrefix(open) && value.hasSuffix(close) {
                    let name = String(value.dropFirst(2).dropLast())
                    if name.unicodeScalars.allSatisfy({ $0 == "_" || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }) {
                        return name
                    }
                }
            }
        }
        return nil
    }
}
