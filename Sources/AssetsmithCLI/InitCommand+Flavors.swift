import AssetSpec
import Foundation
import XcodeProject

/// What `init` reads of the project's own flavour terms (issue 35): when its configurations name
/// icons after themselves (`AppIconBeta` in configuration Beta beside `AppIcon` in Release), the
/// set name pattern; when the target's App Icon setting reads another variable
/// (`XcodeSetting.appIconName` set to `${CE_APPICON_NAME}`), that variable as `icon-setting:`.
enum ProjectFlavorTerms {
    static let appIconKey = FlavorNaming.defaultIconSetting

    /// The manifest lines (keys with a comment saying where they come from); empty when the
    /// project uses the defaults or says nothing.
    static func lines(_ project: ProjectFile) -> [String] {
        var lines: [String] = []
        for target in project.targets where target.productType.isApp {
            if let (pattern, example) = pattern(target), pattern != FlavorNaming.defaultPattern {
                lines.append("flavor-names: \"\(pattern)\"   # as the project names its flavour icons (\(example))")
            }
            if let variable = variable(target) {
                lines.append("icon-setting: \(variable)   # target \"\(target.name)\" sets \(appIconKey) = ${\(variable)}")
            }
            if !lines.isEmpty { return lines }
        }
        return lines
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
