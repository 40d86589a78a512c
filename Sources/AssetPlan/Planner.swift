import AssetCore
import Foundation
import AssetSpec

/// Turns a manifest into a `Plan`: `Planner.plan(manifest, tableDirectories:)`.
package enum Planner {
    /// Plans every asset, with the requirements read from `tableDirectories` (searched in order
    /// for `<table>.json`, and for launch templates in `Launch/` beside them).
    package static func plan(_ manifest: Manifest, tableDirectories: [String]) throws(PlanError) -> Plan {
        try plan(manifest, requirements: try Requirements.load(for: manifest, tableDirectories: tableDirectories))
    }

    /// Plans every asset against requirements already read: reads no file.
    package static func plan(_ manifest: Manifest, requirements: Requirements) throws(PlanError) -> Plan {
        let table = requirements.table
        var jobs: [RenderJob] = []
        var entries: [CatalogEntry] = []
        var diagnostics: [Diagnostic] = []
        var outputFiles: [OutputFile] = []
        var iconBundles: [IconBundle] = []
        for asset in manifest.assets {
            var part: AssetPlanPart
            switch asset.kind {
            case .appIcon(let spec): part = AppIconPlanner.plan(asset, spec, table: table)
            case .iconComposer(let spec): part = IconBundlePlanner.plan(asset, spec, table: table)
            case .image(let spec): part = ImagePlanner.plan(asset, spec, table: table)
            case .launchImage(let spec):
                part = LaunchPlanner.plan(asset, spec, table: table, template: requirements.launchTemplate(for: asset))
            case .barGlyph(let spec):
                part = BarGlyphPlanner.plan(asset, spec, table: table)
                if let weights = spec.symbol {
                    SymbolPlanner.add(asset, setName: asset.name + SymbolPlanner.glyphSuffix, source: spec.source, weights: weights, to: &part)
                }
            case .tabIcon(let spec):
                part = TabIconPlanner.plan(asset, spec, table: table)
                if let weights = spec.symbol, let source = spec.source {
                    SymbolPlanner.add(asset, setName: asset.name + SymbolPlanner.glyphSuffix, source: source, weights: weights, to: &part)
                    // Its `.fill` twin, as Apple pairs `house` and `house.fill`, from the filled form the designer drew.
                    if let selected = spec.selectedSource, selected.written.lowercased().hasSuffix(".svg") {
                        SymbolPlanner.add(asset, setName: asset.name + SymbolPlanner.glyphSuffix + SymbolPlanner.fillSuffix,
                                          source: selected, weights: weights, to: &part)
                    } else {
                        part.diagnostics.append(SymbolPlanner.noFillTwin(asset, selected: spec.selectedSource))
                    }
                }
            case .symbol(let spec): part = SymbolPlanner.plan(asset, spec)
            case .backIndicator(let spec): part = BackIndicatorPlanner.plan(asset, spec, table: table)
            case .control(let spec): part = ControlPlanner.plan(asset, spec, table: table)
            }
            // An alternate made from layers: its picker preview is the layers composed on the fill.
            if case .preview(_, let overlays) = asset.variant, !overlays.isEmpty {
                part.jobs = part.jobs.map { job in
                    var job = job
                    job.overlays = overlays.map(sourceRef)
                    return job
                }
            }
            part = placed(part, in: asset.folder)
            jobs += part.jobs
            entries += part.entries
            diagnostics += part.diagnostics.map { $0.concerning(asset.name) }
            outputFiles += part.outputFiles
            iconBundles += part.iconBundles
        }
        outputFiles += IconRegistration.outputFiles(manifest)
        diagnostics += TabBarChecks.check(manifest, table: table)
        diagnostics += collisions(manifest, entries: entries, outputFiles: outputFiles, iconBundles: iconBundles)
        diagnostics += duplicateNames(manifest)
        if diagnostics.hasErrors { throw PlanError(diagnostics: diagnostics) }
        var plan = Plan(table: table.name, outputDirectory: manifest.outputDirectory,
                        catalogFolder: FolderKind.catalog.folder(manifest.catalogName), jobs: jobs, entries: entries,
                        outputFiles: outputFiles, iconBundles: iconBundles)
        plan.warnings = diagnostics
        plan.stateDirectory = manifest.stateDirectory
        plan.tableChoice = requirements.tableChoice
        plan.adopting = Set(manifest.assets.filter(\.adopt).map(\.name))
        plan.retainedAssets = manifest.retainedAssets
        plan.variables = manifest.variables
        return plan
    }

    /// Two assets that would write the same set or side file (names compared without case, as
    /// the default macOS disk does, and sets without their extension): an error at each asset's manifest line, before anything is
    /// written. (Files inside a set are named after the set, so a set clash covers them.)
    static func collisions(_ manifest: Manifest, entries: [CatalogEntry], outputFiles: [OutputFile],
                           iconBundles: [IconBundle] = []) -> [Diagnostic] {
        // Each asset by its place in the list (the last of a name, as before): none is copied.
        var places: [String: Int] = [:]
        places.reserveCapacity(manifest.assets.count)
        for (index, asset) in manifest.assets.enumerated() { places[asset.name] = index }
        var owners: [String: (asset: String, path: String)] = [:]
        owners.reserveCapacity(entries.count + outputFiles.count + 2 * iconBundles.count)
        var diagnostics: [Diagnostic] = []
        // Sets are compared by name without their extension: actool takes `X.colorset` and
        // `X.imageset` in one catalog as two assets of one name.
        let written = entries.map { ($0.asset, $0.folder, "set", "set:" + collisionKey($0.folder)) }
            + outputFiles.map { ($0.asset, $0.path, "file", "file:" + $0.path) }
            + iconBundles.map { ($0.asset, $0.folder, "icon", "file:" + $0.folder) }
            // An `.icon` and an `.appiconset` of one name are ambiguous to Xcode.
            + iconBundles.map { ($0.asset, $0.folder, "icon", "set:" + ($0.folder as NSString).deletingPathExtension) }
        for (asset, path, what, name) in written {
            let key = name.lowercased()
            guard let first = owners[key] else {
                owners[key] = (asset, path)
                continue
            }
            guard first.asset != asset, let one = places[first.asset].map({ manifest.assets[$0] }),
                  let other = places[asset].map({ manifest.assets[$0] }) else { continue }
            let shown = "the \(what) \"\(path)\""
            diagnostics.append(.error("asset \"\(other.name)\" (\(other.kind.keyword)) writes \(shown), which asset \"\(one.name)\" (\(one.kind.keyword), line \(one.location.line)) also writes",
                                      at: .source(other.location), fix: "rename one of the two assets"))
            diagnostics.append(.error("asset \"\(one.name)\" (\(one.kind.keyword)) writes \(shown), which asset \"\(other.name)\" (\(other.kind.keyword), line \(other.location.line)) also writes",
                                      at: .source(one.location), fix: "rename one of the two assets"))
        }
        return diagnostics
    }

    static func sourceRef(_ file: SourceFile) -> SourceRef {
        SourceRef(path: file.path, displayPath: file.written, format: file.isPDF ? .pdf : file.isVector ? .svg : .png,
                  page: file.isPDF && file.page != 1 ? file.page : nil)
    }
}

/// What planning one asset gives.
struct AssetPlanPart {
    var jobs: [RenderJob] = []
    var entries: [CatalogEntry] = []
    var diagnostics: [Diagnostic] = []
    var outputFiles: [OutputFile] = []
    var iconBundles: [IconBundle] = []
}
