import AssetCatalog
import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import FrontEnd

/// A manifest and its plan, as every manifest tool starts (the CLI's `Loading`, without printing):
/// from a path inside the root, or from text checked in memory (`plan` only).
struct LoadedManifest {
    var manifest: Manifest
    var plan: Plan
    /// The manifest file's absolute path; for text, where it would be.
    var path: String
    /// What the loading decided for the caller to know (a variable taken from the build record).
    var notes: [String] = []
}

/// Where a manifest comes from and what it is read with.
private struct ManifestSource {
    var path: String
    var text: String?
    var output: String?
    var flavor: String?
    var budgets: Budgets
}

extension ToolContext {
    /// The arguments every manifest tool takes.
    static let manifestArguments = ["manifest", "output", "flavor", "variables"]

    /// Loads `manifest` (default `assetsmith.yml` in the root), or `text` when given, and plans it.
    /// Every path the plan reads (sources, tables aside) or writes (the output folder) must lie in
    /// the root: a manifest that reaches outside is refused before anything is read or written.
    /// `${NAME}` in badge texts reads `variables`, then the server's environment; with
    /// `recordedVariables` (verify), a name set in neither takes the value the last build drew.
    func loadManifest(_ arguments: ToolArguments, text: String? = nil, recordedVariables: Bool = false) throws(ToolFailure) -> LoadedManifest {
        let path = try jail.resolve(try arguments.string("manifest") ?? "assetsmith.yml", argument: "manifest")
        let output = try arguments.string("output").map { (given: String) throws(ToolFailure) -> String in
            try jail.resolve(given, argument: "output")
        }
        let flavor = try arguments.string("flavor")
        let budgets: Budgets
        do {
            budgets = try BudgetSettings.budgets()
        } catch let error as BudgetSettings.BudgetError {
            throw ToolFailure(error.message, fix: "set it to a whole number of the unit in its name, or unset it, and start the server again")
        } catch {
            throw ToolFailure("cannot read the budgets: \(error)")
        }
        let source = ManifestSource(path: path, text: text, output: output, flavor: flavor, budgets: budgets)
        var environment = ProcessInfo.processInfo.environment.merging(try arguments.strings("variables") ?? [:]) { $1 }
        var notes: [String] = []
        if recordedVariables { (environment, notes) = recorded(source, environment: environment) }
        var loaded = try load(source, environment: environment)
        loaded.notes = notes
        return loaded
    }

    private func load(_ source: ManifestSource, environment: [String: String]) throws(ToolFailure) -> LoadedManifest {
        let manifest = try parse(source, environment: environment)
        let plan: Plan
        do {
            plan = try Planner.plan(manifest, tableDirectories: TemplateLocator.tableDirectories(manifest: manifest))
        } catch {
            throw ToolFailure("the manifest cannot be planned: \(error.diagnostics.countSummary)", diagnostics: error.diagnostics)
        }
        try checkContained(plan, templates: TemplateLocator.templateDirectories(manifest: manifest))
        return LoadedManifest(manifest: manifest, plan: plan, path: source.path)
    }

    /// `environment` with each `${NAME}` the manifest uses and nothing sets taken from the build
    /// record beside its catalog, and a note for each. The catalog's place is found by planning
    /// the manifest with a stand-in value (only the place is used; the values cannot move it).
    private func recorded(_ source: ManifestSource, environment: [String: String]) -> ([String: String], [String]) {
        let text = source.text
            ?? (try? BoundedFile.read(source.path, limit: source.budgets.manifestBytes).get()).map { String(decoding: $0, as: UTF8.self) } ?? ""
        let wanted = ManifestLoader.variableNames(text).filter { environment[$0] == nil }.sorted()
        guard !wanted.isEmpty else { return (environment, []) }
        let standIn = environment.merging(wanted.map { ($0, "0") }) { $1 }
        guard let probe = try? load(source, environment: standIn),
              let values = BuildRecord.read(at: StateFolder(plan: probe.plan).record)?.variables
        else { return (environment, []) }
        var filled = environment
        var notes: [String] = []
        for name in wanted {
            guard let value = values[name] else { continue }
            filled[name] = value
            notes.append("${\(name)} is not set; the badges are checked against \"\(value)\", the value the last build drew "
                + "(pass it in `variables` to check against another)")
        }
        return (filled, notes)
    }

    private func parse(_ source: ManifestSource, environment: [String: String]) throws(ToolFailure) -> Manifest {
        let (path, text, output, flavor, budgets) = (source.path, source.text, source.output, source.flavor, source.budgets)
        do {
            guard let text else {
                return try ManifestLoader.load(path: path, outputOverride: output, budgets: budgets, environment: environment, flavor: flavor)
            }
            guard text.utf8.count <= budgets.manifestBytes else {
                throw ToolFailure("the manifest text is \(text.utf8.count) bytes, more than the \(budgets.manifestBytes) a manifest may have")
            }
            return try ManifestLoader.parse(text, file: CurrentFolder.relative(path), directory: PathText.parent(path),
                                            outputOverride: output, environment: environment, flavor: flavor)
        } catch let error as ManifestError {
            throw ToolFailure("the manifest is wrong: \(error.diagnostics.countSummary)", diagnostics: error.diagnostics)
        } catch let failure as ToolFailure {
            throw failure
        } catch {
            throw ToolFailure("cannot read the manifest: \(error)")
        }
    }

    /// The output folder and every source must be inside the root; the tool's own templates
    /// (launch screens, tables) are read where they are installed.
    private func checkContained(_ plan: Plan, templates: [String]) throws(ToolFailure) {
        guard jail.contains(plan.outputDirectory) else {
            throw ToolFailure("the manifest's output folder \(plan.outputDirectory) is outside the server's root \(jail.root); refused",
                              fix: "set `output:` to a folder inside the root")
        }
        let installed = templates.map { SystemFolders.realPath($0) + "/" }
        let outside = plan.sourcePaths.filter { path in
            !jail.contains(path) && !installed.contains { SystemFolders.realPath(path).hasPrefix($0) }
        }.sorted()
        if let first = outside.first {
            throw ToolFailure("the manifest reads \(outside.count) source\(outside.count == 1 ? "" : "s") outside the server's root "
                + "\(jail.root), first \(first); refused", fix: "copy the artwork into the project, or start the server with a wider --root")
        }
    }
}
