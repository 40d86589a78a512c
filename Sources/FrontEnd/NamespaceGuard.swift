import AssetCatalog
import AssetCore
import AssetPlan
import AssetSpec
import Foundation

/// Before a build writes anything: no set name the manifest creates may be one the catalog
/// already holds elsewhere (any group folder), a flavour or alternate never writes over a
/// hand-made set, and no asset writes over a hand-made `.icon` (issue 35). Problems are manifest
/// problems (exit 2), each naming both places.
package enum NamespaceGuard {
    /// Reads the catalog's build record and checks with it; the build takes the record on
    /// (`BuildEngine.knownRecord`), so it is decoded once.
    /// `earlier` is a snapshot the caller kept (watch: the record its last build wrote), taken as
    /// it is while the record file still has its stamp.
    package static func check(manifest: Manifest, plan: Plan, knowing earlier: BuildRecord.Snapshot? = nil,
                              prefetched: BuildRecord.Prefetch? = nil) -> (clashes: [Diagnostic], record: BuildRecord.Snapshot) {
        let path = StateFolder(plan: plan).record
        let known = (earlier ?? prefetched?.snapshot(for: path)).flatMap { BuildRecord.snapshot(at: path, knowing: $0) }
            ?? BuildRecord.snapshot(at: path)
        return (check(manifest: manifest, plan: plan, record: known.record), known)
    }

    /// `record` is the catalog's build record as read now (the build takes it on, `BuildEngine.knownRecord`).
    package static func check(manifest: Manifest, plan: Plan, record: BuildRecord?) -> [Diagnostic] {
        let catalogPath = plan.outputDirectory + "/" + plan.catalogFolder
        // Looked up in the record's own tables (no set of its thousands of keys is built).
        let recorded = record?.files ?? [:]
        let recordedSide = record?.outputFiles ?? [:]
        // Names only: the folders are listed, no Contents.json is read.
        let sets = ContentsReader.setPaths(inCatalogAt: catalogPath).filter { CatalogNamespace.isNamed($0) }
        let existing = sets.map { CatalogNamespace.Existing(path: $0, generated: recorded[$0 + "/Contents.json"] != nil) }
        let handMade = Set(existing.filter { !$0.generated }.map(\.path))
        var assets: [String: AssetEntry] = [:]
        assets.reserveCapacity(manifest.assets.count)
        for asset in manifest.assets { assets[asset.name] = asset }
        func place(_ name: String) -> Diagnostic.Location {
            assets[name].map { .source($0.location) } ?? .asset(name: name, detail: nil)
        }
        var diagnostics = CatalogNamespace.clashes(
            plan, existing: existing, namespaces: CatalogNamespace.namespaceFolders(in: catalogPath), place: place
        ) { entry in
            // A flavour's set never takes over a hand-made one (the project's own `AppIcon-Beta`).
            guard handMade.contains(entry.folder), let asset = assets[entry.asset], let variant = asset.variant,
                  case .flavor = variant else { return nil }
            return "the project made by hand (assetsmith did not write it); \(variant.shownOrigin) never takes over a hand-made set"
        }
        for bundle in plan.iconBundles ?? [] where recordedSide[bundle.documentPath] == nil
            && FileManager.default.fileExists(atPath: plan.outputDirectory + "/" + bundle.documentPath) {
            diagnostics.append(.error(
                "asset \"\(bundle.asset)\" would write \"\(CurrentFolder.relative(plan.outputDirectory + "/" + bundle.folder))\", "
                    + "which is the project's own Icon Composer icon; assetsmith never moves or rewrites a hand-made .icon, adopt: true included",
                at: place(bundle.asset),
                fix: "rename the asset, or move the .icon away yourself if assetsmith is to draw it from now on"))
        }
        return diagnostics
    }
}

extension IconVariant {
    /// How an error names where the asset comes from.
    package var shownOrigin: String {
        switch self {
        case .flavor(let base, let flavor): "flavour \"\(flavor)\" of \"\(base)\""
        case .alternate(let primary): "an alternate icon of \"\(primary)\""
        case .preview(let alternate, _): "the picker preview of \"\(alternate)\""
        }
    }
}
