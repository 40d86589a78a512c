import AssetCore
import AssetSpec

/// Turns a manifest into a `Plan`: `Planner.plan(manifest, tableDirectories:)`.
package enum Planner {
    /// Plans every asset. `tableDirectories` are searched in order for `<table>.json`.
    package static func plan(_ manifest: Manifest, tableDirectories: [String]) throws(PlanError) -> Plan {
        let table: RequirementTable
        let tableName = manifest.table?.value ?? TableLoader.newest(in: tableDirectories) ?? TableLoader.fallbackNewest
        let reference = manifest.table?.location ?? SourceLocation(file: manifest.file, line: 1, column: 1)
        switch TableLoader.load(tableName, from: tableDirectories, reference: reference) {
        case .success(let loaded): table = loaded
        case .failure(let diagnostic): throw PlanError(diagnostics: [diagnostic])
        }
        var jobs: [RenderJob] = []
        var entries: [CatalogEntry] = []
        var diagnostics: [Diagnostic] = []
        var outputFiles: [OutputFile] = []
        for asset in manifest.assets {
            let part: AssetPlanPart
            switch asset.kind {
            case .appIcon(let spec): part = AppIconPlanner.plan(asset, spec, table: table)
            case .image(let spec): part = ImagePlanner.plan(asset, spec, table: table)
            case .launchImage(let spec):
                part = LaunchPlanner.plan(asset, spec, table: table, tableDirectories: tableDirectories)
            case .barGlyph(let spec): part = BarGlyphPlanner.plan(asset, spec, table: table)
            case .tabIcon(let spec): part = TabIconPlanner.plan(asset, spec, table: table)
            case .backIndicator(let spec): part = BackIndicatorPlanner.plan(asset, spec, table: table)
            case .control(let spec): part = ControlPlanner.plan(asset, spec, table: table)
            }
            jobs += part.jobs
            entries += part.entries
            diagnostics += part.diagnostics
            outputFiles += part.outputFiles
        }
        diagnostics += TabBarChecks.check(manifest)
        if diagnostics.hasErrors { throw PlanError(diagnostics: diagnostics) }
        var plan = Plan(table: table.name, outputDirectory: manifest.outputDirectory,
                        catalogFolder: manifest.catalogName + ".xcassets", jobs: jobs, entries: entries,
                        outputFiles: outputFiles)
        plan.warnings = diagnostics
        plan.tableChoice = manifest.table == nil ? "newest table (the manifest has no `table:`)" : nil
        plan.adopting = Set(manifest.assets.filter(\.adopt).map(\.name))
        return plan
    }

    static func sourceRef(_ file: SourceFile) -> SourceRef {
        SourceRef(path: file.path, displayPath: file.written, format: file.isVector ? .svg : .png)
    }
}

/// What planning one asset gives.
struct AssetPlanPart {
    var jobs: [RenderJob] = []
    var entries: [CatalogEntry] = []
    var diagnostics: [Diagnostic] = []
    var outputFiles: [OutputFile] = []
}
