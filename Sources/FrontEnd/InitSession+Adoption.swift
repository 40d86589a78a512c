import AssetCatalog
import AssetCore
import AssetSpec
import Foundation
import Verification

extension InitSession {
    /// What init writes: the manifest's typed content and the warnings to print with it.
    package struct Adoption {
        package var manifest: AdoptedManifest
        package var warnings: [Diagnostic] = []
    }

    /// Turns the survey of `catalog` into the manifest init writes, copying each adopted master
    /// (and dark and tinted file) into the sources folder on the way. `otherCatalogs` are all
    /// catalogs found below the placement's root (relative to it), the adopted one among them.
    package static func adopt(_ survey: CatalogSurvey, catalog: String, otherCatalogs: [String], place: Placement, sources: String,
                      copier: inout SourceCopier) throws(Diagnostic) -> Adoption {
        let directory = place.manifestDirectory
        var manifest = AdoptedManifest(output: PathText.relative(catalog, to: directory), sourcesFolder: sources,
                                       schema: SchemaReference.forManifest(in: directory),
                                       project: place.project.map { PathText.relative($0.path, to: directory) })
        if let project = place.project { (manifest.flavorNames, manifest.iconSetting) = ProjectFlavorTerms.terms(project) }
        var adoption = Adoption(manifest: manifest)
        let roles = place.project.map { file in
            IconRoles(project: file.path, targets: file.targets.filter { $0.catalogs.contains(catalog) })
        }
        for icon in survey.appIcons {
            var adopted = AdoptedManifest.AppIcon(name: icon.name, source: try copier.copy(catalog + "/" + icon.master, as: icon.name),
                                                  folder: icon.folder, platforms: icon.platforms, note: icon.note)
            if let warning = transparencyWarning(icon, catalog: catalog, roles: roles, manifestPath: place.manifestPath) {
                adoption.warnings.append(warning)
                adopted.background = "#FFFFFF"
            }
            adopted.dark = try icon.dark.map { dark throws(Diagnostic) in try copier.copy(catalog + "/" + dark, as: icon.name + "-Dark") }
            adopted.tinted = try icon.tinted.map { tinted throws(Diagnostic) in
                try copier.copy(catalog + "/" + tinted, as: icon.name + "-Tinted")
            }
            adoption.manifest.appIcons.append(adopted)
        }
        for image in survey.images {
            adoption.manifest.images.append(AdoptedManifest.Image(name: image.name, source: try copier.copy(catalog + "/" + image.file, as: image.name),
                                                                  folder: image.folder, scale: image.scale, pixels: image.pixels))
        }
        adoption.manifest.emptyAppIcons = survey.emptyAppIcons
        adoption.manifest.leftAlone = survey.leftAlone.map { AdoptedManifest.LeftAlone(set: $0.set, reason: $0.reason) }
        adoption.manifest.iconBundles = survey.iconBundles.map { PathText.relative(catalog + "/" + $0, to: directory) }
            + InitProjectFinder.iconBundles(below: place.root).map { PathText.relative(place.root + "/" + $0, to: directory) }
        let chosen = PathText.relative(catalog, to: place.root)
        adoption.manifest.otherCatalogs = otherCatalogs.filter { $0 != chosen && place.root + "/" + $0 != catalog }
        return adoption
    }

    /// The warning for an iOS icon whose master has transparent pixels where its role asks for an
    /// opaque icon: the build flattens it onto white, which the manifest then says.
    static func transparencyWarning(_ icon: CatalogSurvey.AppIcon, catalog: String, roles: IconRoles?,
                                    manifestPath: String) -> Diagnostic? {
        guard icon.platforms.contains(.ios), let transparent = transparentPixels(catalog + "/" + icon.master),
              mustBeOpaque(icon.name, roles: roles) else { return nil }
        let shown = CurrentFolder.relative(catalog + "/" + icon.master)
        return .warning("the master of \"\(icon.name)\" (\(shown)) has \(transparent) transparent pixel\(transparent == 1 ? "" : "s"); "
                            + "an iOS app icon is opaque, so the build flattens it onto white (#FFFFFF)",
                        at: .file(shown),
                        fix: "set `background:` of \"\(icon.name)\" in \(CurrentFolder.relative(manifestPath)) to the colour to flatten onto, or give an opaque master")
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
