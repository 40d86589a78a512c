import AssetCatalog
import AssetCore
import Foundation

extension InitCommand {
    /// Where an adopted app icon is written and for which platforms: its group folder (the set is
    /// written back where it is), and a macOS set's platforms and style (kept as drawn).
    static func placementLines(_ icon: CatalogSurvey.AppIcon) -> [String] {
        var lines: [String] = []
        if let folder = icon.folder { lines.append("    folder: \(quoted(folder))   # kept in its group folder") }
        if icon.platforms != [.ios] { lines.append("    platforms: [\(icon.platforms.map(\.rawValue).joined(separator: ", "))]") }
        if icon.platforms == [.macos] {
            lines.append("    macos-style: as-drawn   # a finished macOS icon: its own shape and transparency, only scaled")
        }
        return lines
    }

    /// The comment naming the project's Icon Composer icons (paths relative to the manifest).
    static func iconBundleComment(_ bundles: [String]) -> String {
        guard !bundles.isEmpty else { return "" }
        return "\n# Icon Composer icons of the project, kept as your own (assetsmith never moves or rewrites them):\n"
            + bundles.map { "#   \($0)\n" }.joined()
    }

    /// Set extensions that are app icons.
    static let appIconExtensions: Set<String> = [FolderKind.appIconSet.rawValue, FolderKind.brandAssets.rawValue,
                                                 FolderKind.solidImageStack.rawValue]

    /// What init tells the user it adopted: one line per app icon left as it is (with why), the
    /// `.icon` bundles kept as the user's own, then the count (`adopted 3 of 4 app icons; left 1: …`).
    static func adoptionReport(_ survey: CatalogSurvey, iconBundles: [String]) -> [String] {
        let left = survey.leftAlone.filter { appIconExtensions.contains(($0.set as NSString).pathExtension) }
        var lines = left.map { "left \($0.set): \($0.reason)" }
        lines += iconBundles.map { "kept \($0) as your own (an Icon Composer icon; assetsmith never moves or rewrites it)" }
        let adopted = survey.appIcons.count
        let total = adopted + left.count
        var count = "adopted \(adopted) of \(total) app icon\(total == 1 ? "" : "s")"
        if !left.isEmpty {
            count += "; left \(left.count): " + left.map { PathText.lastComponent($0.set) }.joined(separator: ", ")
        }
        if !iconBundles.isEmpty {
            count += "; \(iconBundles.count) .icon kept as your own"
        }
        let others = survey.leftAlone.count - left.count
        if others > 0 { count += "; \(others) other set\(others == 1 ? "" : "s") left as they are (listed in the manifest)" }
        lines.append(count)
        return lines
    }
}
