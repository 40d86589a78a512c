import AssetCore
import Foundation

/// The project's own terms for flavours (issue 35): `flavor-names:` is the pattern of a flavour
/// set's name (`"{name}-{flavor}"` by default: `AppIcon-Beta`; `"{name}{flavor}"` gives
/// `AppIconBeta`), and `icon-setting:` the build setting the `.xcconfig` fragment names the
/// primary icon in (`XcodeSetting.appIconName` by default; a project whose target sets that
/// setting to `${CE_APPICON_NAME}` gives `CE_APPICON_NAME`).
package enum FlavorNaming {
    package static let defaultPattern = "{name}-{flavor}"
    package static let defaultIconSetting = XcodeSetting.appIconName.name

    /// The set name of flavour `flavor` of the asset `base`.
    package static func name(base: String, flavor: String, pattern: String) -> String {
        pattern.replacingOccurrences(of: "{name}", with: base).replacingOccurrences(of: "{flavor}", with: flavor)
    }

    /// Whether `text` can be a build setting name (`CE_APPICON_NAME`).
    static func isSettingName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || CharacterSet.uppercaseLetters.contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }
}

extension ManifestLoader {
    static func readFlavorNames(_ top: MappingReader, sink: DiagnosticSink) -> String {
        guard let text = top.string("flavor-names") else { return FlavorNaming.defaultPattern }
        let pattern = text.value
        let sample = FlavorNaming.name(base: "AppIcon", flavor: "Beta", pattern: pattern)
        guard pattern.contains("{name}"), pattern.contains("{flavor}"), AssetName.isValid(sample),
              !sample.contains("{"), !sample.contains("}") else {
            sink.error("\"flavor-names\" is \"\(pattern)\", which must hold {name} and {flavor} and make a valid set name",
                       at: top.place("flavor-names"),
                       fix: "write `flavor-names: \"{name}{flavor}\"` (AppIconBeta) or `\"{name}-{flavor}\"` (AppIcon-Beta, the default)")
            return FlavorNaming.defaultPattern
        }
        return pattern
    }

    static func readIconSetting(_ top: MappingReader, sink: DiagnosticSink) -> String {
        guard let text = top.string("icon-setting") else { return FlavorNaming.defaultIconSetting }
        guard FlavorNaming.isSettingName(text.value) else {
            sink.error("\"icon-setting\" is \"\(text.value)\", which is not a build setting name (capital letters, digits and _)",
                       at: top.place("icon-setting"),
                       fix: "give the setting your target's App Icon reads, such as `icon-setting: CE_APPICON_NAME`")
            return FlavorNaming.defaultIconSetting
        }
        return text.value
    }
}
