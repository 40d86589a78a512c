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
}

extension ToolContext {
    /// The arguments every manifest tool takes.
    static let manifestArguments = ["manifest", "output", "flavor"]

    /// Loads `manifest` (default `assetsmith.yml` in the root), or `text` when given, and plans it.
    /// Every path the plan reads (sources, tables aside) or writes (the output folder) must lie in
    /// the root: a manifest that reaches outside is refused before anything is read or written.
    func loadManifest(_ arguments: ToolArguments, text: String? = nil) throws(ToolFailure) -> LoadedManifest {
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
        let manifest = try parse(path: path, text: text, output: output, flavor: flavor, budgets: budgets)
        let plan: Plan
        do {
            plan = try Planner.plan(manifest, tableDirectories: TemplateLocator.tableDirectories(manifest: manifest))
        } catch {
            throw ToolFailure("the manifest cannot be planned: \(error.diagnostics.countSummary)", diagnostics: error.diagnostics)
        }
        try checkContained(plan, templates: TemplateLocator.templateDirectories(manifest: manifest))
        return LoadedManifest(manifest: manifest, plan: plan, path: path)
    }

    private func parse(path: String, text: String?, output: String?, flavor: String?, budgets: Budgets) throws(ToolFailure) -> Manifest {
        let environment = ProcessInfo.processInfo.environment
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
