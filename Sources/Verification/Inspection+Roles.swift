import AssetCatalog
import AssetCore
import Foundation
import XcodeProject

/// App icon sets judged by the role the project gives them (`IconRoles`): a set no target ships, a
/// set an `.icon` of its name replaces, and names in the build settings with no icon at all.
extension Inspection {
    /// True when the App Store icon rules apply to `set`: the primary icon of an app target, or,
    /// without a project, the set named by `--app-icon` (a guess).
    func isAppStoreIcon(_ set: CatalogSet) -> Bool {
        guard let roles else { return set.name == appIconName }
        if case .primary(_, let product) = roles.role(of: set.name) { return product.isApp }
        return false
    }

    /// The build settings as messages name them.
    private static let appIconSetting = XcodeSetting.appIconName.name
    private static let alternatesSetting = XcodeSetting.alternateAppIconNames.name
    private static let includeAllSetting = XcodeSetting.includeAllAppIconAssets.name

    func checkRoles() {
        guard let roles else { return }
        let builders = roles.targets.map { "\"\($0.name)\"" }.joined(separator: ", ")
        for set in sets where set.kind == .appIcon {
            switch roles.role(of: set.name) {
            case .shadowed(let target, let bundle):
                add(.warning, .ambiguous, file: shown(set.path), asset: set.path,
                    message: "is not used: Xcode 26 draws every size from \(PathText.lastComponent(bundle)) "
                        + "(target \"\(target)\" builds both)",
                    fix: "nothing to do with Xcode 26; delete the set once no older Xcode builds the app")
            case .unused where !roles.targets.contains(where: { $0.productType.isApp }):
                // Only extensions build the catalog: an extension with no app icon shows its app's.
                let names = roles.targets.map { "\"\($0.name)\" (\($0.productType.name))" }.joined(separator: ", ")
                add(.warning, .iconRole, file: shown(set.path), asset: set.path,
                    message: "is not shipped: \(names) names no app icon "
                        + "(\(Self.appIconSetting)), so the extension shows its app's icon",
                    fix: "delete the set, or name it in \(Self.appIconSetting) of that target if it needs its own icon")
            case .unused:
                add(.warning, .iconRole, file: shown(set.path), asset: set.path,
                    message: "is not shipped: no target that builds this catalog (\(builders)) names it as its app icon "
                        + "or in \(Self.alternatesSetting), and none sets "
                        + Self.includeAllSetting,
                    fix: "add \"\(set.name)\" to \(Self.alternatesSetting) of the app's target "
                        + "(or set \(Self.includeAllSetting) = YES), or delete the set")
            case .primary, .alternate:
                break
            }
        }
    }

    /// Every app icon name a target's build settings give that none of its catalogs holds as an
    /// `.appiconset` and that it builds no `.icon` for: actool fails on a missing primary icon, and
    /// App Store Connect refuses an alternate that is not in the app (ITMS-90895).
    func checkRegisteredNames(projectFile: String) {
        guard let roles else { return }
        // One finding per target: with several catalogs, in the report of the target's first.
        for target in roles.targets where roles.checksNames(of: target) {
            var available: Set<String> = []
            for catalog in target.catalogs {
                // A tvOS app's brand assets and a sticker pack's icon set are primary icons too.
                for set in ContentsReader.sets(inCatalogAt: catalog) ?? []
                    where FolderKind(folder: set.path)?.isPrimaryIconKind == true {
                    available.insert(set.name)
                }
            }
            for bundle in target.iconBundles {
                available.insert(FolderKind.iconComposer.name(of: bundle))
            }
            let has = { (name: String) in available.contains { IconRoles.matches(name, $0) } }
            for name in target.appIconNames where !IconRoles.isPattern(name) && !has(name) {
                let configurations = target.configurations.filter { $0.values(of: Self.appIconSetting).contains(name) }
                    .map(\.name).joined(separator: ", ")
                let missing = "target \"\(target.name)\" names the app icon \"\(name)\" (\(Self.appIconSetting), "
                    + "\(configurations)) but none of its catalogs holds \(FolderKind.appIconSet.folder(name)) and it builds no \(FolderKind.iconComposer.folder(name))"
                if let filled = Self.filledWords(target) {
                    add(.note, .scriptPhase, file: projectFile, asset: nil,
                        message: missing + " in the checkout; \(filled), so the set may come from the build",
                        fix: "run the build (or `assetsmith build`) before verify, or verify the catalog the build writes")
                    continue
                }
                add(.error, .projectIcon, file: projectFile, asset: nil,
                    message: missing + "; actool fails",
                    fix: "add an app icon set \"\(name)\" to a catalog of the target, or correct the build setting")
            }
            for name in target.alternateIconNames where !IconRoles.isPattern(name) && !has(name) {
                if let filled = Self.filledWords(target) {
                    add(.note, .scriptPhase, file: projectFile, asset: nil,
                        message: "target \"\(target.name)\" registers the alternate app icon \"\(name)\" "
                            + "(\(Self.alternatesSetting)) but none of its catalogs holds \(FolderKind.appIconSet.folder(name)) "
                            + "in the checkout; \(filled), so the set may come from the build",
                        fix: "run the build (or `assetsmith build`) before verify, or verify the catalog the build writes")
                    continue
                }
                add(.error, .projectIcon, file: projectFile, asset: nil,
                    message: "target \"\(target.name)\" registers the alternate app icon \"\(name)\" "
                        + "(\(Self.alternatesSetting)) but none of its catalogs holds \(FolderKind.appIconSet.folder(name)) "
                        + "and it builds no \(FolderKind.iconComposer.folder(name)); App Store Connect refuses the upload (ITMS-90895)",
                    fix: "add an app icon set \"\(name)\" to a catalog of the target, or remove the name from the build setting")
            }
        }
    }

    /// `its Run Script phase "Copy Icons" writes into DerivedAssets.xcassets`: the target's phases
    /// that fill its catalogs, in words; nil when none does.
    static func filledWords(_ target: Target) -> String? {
        guard !target.scriptPhases.isEmpty else { return nil }
        return target.scriptPhases.map { phase in
            let folders = phase.catalogs.map { PathText.lastComponent($0) }.joined(separator: ", ")
            return "its Run Script phase \"\(phase.name)\" " + (phase.declared ? "writes into " : "names ")
                + folders + (phase.declared ? " (an output of the phase)" : " in its script")
        }.joined(separator: "; ")
    }

    /// One note per target whose Run Script phases fill this catalog (`catalog`: its absolute
    /// path): what the build puts there is not in the checkout, so verify sees it before the build.
    /// `missing`: the catalog is not in the checkout at all.
    func checkScriptPhases(catalog: String, missing: Bool = false) {
        guard let roles else { return }
        for target in roles.targets {
            for phase in target.phases(filling: catalog) {
                add(.note, .scriptPhase, file: display, asset: nil,
                    message: "target \"\(target.name)\"'s Run Script phase \"\(phase.name)\" "
                        + (phase.declared ? "writes into this catalog (an output of the phase)" : "names this catalog in its script")
                        + (missing ? "; the catalog is not in the checkout, so verify cannot check it before the build makes it"
                            : "; verify sees the catalog as checked out, before the build fills it"),
                    fix: "run the build (or `assetsmith build`) before verify to check what the build compiles")
            }
        }
    }
}
