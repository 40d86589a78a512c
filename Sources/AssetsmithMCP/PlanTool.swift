import AssetCore
import AssetPlan
import Foundation
import MCP

/// `plan`: the resolved render jobs and catalog entries (the JSON `assetsmith plan` prints), or
/// every manifest error with its line, column and fix.
extension ToolContext {
    func plan(_ arguments: ToolArguments) throws(ToolFailure) -> ToolOutput {
        try arguments.checkNames(Self.manifestArguments + ["text"])
        let loaded = try loadManifest(arguments, text: try arguments.string("text"))
        let plan = loaded.plan
        let json: Data
        do {
            json = try plan.portableJSON(relativeTo: loaded.manifest.directory)
        } catch {
            throw ToolFailure("internal: the plan could not be written as JSON (\(error))")
        }
        var structured: [String: Value] = [
            "manifest": .string(loaded.path), "table": .string(plan.table),
            "catalog": .string(plan.outputDirectory + "/" + plan.catalogFolder),
            "assets": .int(loaded.manifest.assets.count), "jobs": .int(plan.jobs.count), "entries": .int(plan.entries.count),
            "warnings": DiagnosticJSON.values(plan.warnings), "plan": try Value.json(json),
        ]
        if let choice = plan.tableChoice { structured["tableChoice"] = .string(choice) }
        var summary = "plan of \(loaded.manifest.assets.count) asset\(loaded.manifest.assets.count == 1 ? "" : "s"): "
            + "\(plan.jobs.count) render jobs, \(plan.entries.count) catalog entries into \(CurrentFolderText.shown(plan.outputDirectory + "/" + plan.catalogFolder, root: jail.root)) "
            + "(table \(plan.table)); \(plan.warnings.countSummary)"
        if plan.tableChoice != nil { summary += "; the manifest has no `table:`, so the newest table was used" }
        summary += plan.warnings.map { "\n" + DiagnosticJSON.text($0) }.joined()
        return ToolOutput(structured: structured, summary: summary)
    }
}

/// Paths in summaries: relative to the root when inside it.
enum CurrentFolderText {
    static func shown(_ path: String, root: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}
