import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import MCP

/// `plan`: the resolved render jobs and catalog entries (the JSON `assetsmith plan` prints), or
/// every manifest error with its line, column and fix.
extension ToolContext {
    /// A whole plan's JSON is returned only when at most this long (a few assets); otherwise the
    /// lists are paged and one asset's plan is given on request (`asset`).
    static let wholePlanBytes = 8 << 10
    /// One asset's plan in full up to this long (an app icon of every size is about 20 KB).
    static let assetPlanBytes = 24 << 10

    func plan(_ arguments: ToolArguments) throws(ToolFailure) -> ToolOutput {
        try arguments.checkNames(Self.manifestArguments + ["text", "asset"] + ResultPage.arguments)
        let page = try ResultPage(arguments)
        let loaded = try loadManifest(arguments, text: try arguments.string("text"))
        var plan = loaded.plan
        let asset = try arguments.string("asset")
        if let asset {
            guard plan.jobs.contains(where: { $0.asset == asset }) || plan.entries.contains(where: { $0.asset == asset }) else {
                let names = Array(Set(plan.entries.map(\.asset))).sorted()
                throw ToolFailure("the plan has no asset \"\(ReportText.visible(asset))\"",
                                  fix: Suggestion.closest(to: asset, in: names).map { "did you mean \"\($0)\"?" }
                                      ?? "give the name of an asset of the manifest")
            }
            plan.jobs = plan.jobs.filter { $0.asset == asset }
            plan.entries = plan.entries.filter { $0.asset == asset }
        }
        var structured: [String: Value] = [
            "manifest": .string(loaded.path), "table": .string(plan.table),
            "catalog": .string(plan.outputDirectory + "/" + plan.catalogFolder),
            "assets": .int(loaded.manifest.assets.count), "jobs": .int(loaded.plan.jobs.count), "entries": .int(loaded.plan.entries.count),
            "warnings": page.page(plan.warnings) { DiagnosticJSON.value($0) },
            "jobList": page.page(plan.jobs) { job in ["output": .string(job.output), "asset": .string(job.asset)] },
            "entryList": page.page(plan.entries) { entry in ["folder": .string(entry.folder), "asset": .string(entry.asset)] },
        ]
        if let asset { structured["asset"] = .string(asset) }
        if let choice = plan.tableChoice { structured["tableChoice"] = .string(choice) }
        // The whole plan (or the asset's) when it is small: every job and Contents.json in full.
        if let json = try? plan.portableJSON(relativeTo: loaded.manifest.directory),
           json.count <= (asset == nil ? Self.wholePlanBytes : Self.assetPlanBytes) {
            structured["plan"] = try? Value.json(json)
        }
        return ToolOutput(structured: structured, summary: planText(loaded, plan: plan, page: page, whole: structured["plan"] != nil))
    }

    private func planText(_ loaded: LoadedManifest, plan: Plan, page: ResultPage, whole: Bool) -> String {
        var summary = "plan of \(loaded.manifest.assets.count) asset\(loaded.manifest.assets.count == 1 ? "" : "s"): "
            + "\(loaded.plan.jobs.count) render jobs, \(loaded.plan.entries.count) catalog entries into "
            + "\(CurrentFolderText.shown(plan.outputDirectory + "/" + plan.catalogFolder, root: jail.root)) "
            + "(table \(plan.table)); \(plan.warnings.countSummary)"
        if plan.tableChoice != nil { summary += "; the manifest has no `table:`, so the newest table was used" }
        summary += "\n" + page.text(plan.warnings, what: "warnings", DiagnosticJSON.text)
        summary += "\n" + page.text(plan.jobs, what: "render jobs") { "\($0.output) (asset \($0.asset))" }
        summary += "\n" + page.text(plan.entries, what: "catalog entries") { "\($0.folder) (asset \($0.asset))" }
        summary += whole ? "\nthe structured result's `plan` holds these jobs and Contents.json in full"
            : "\nfor one asset's jobs and Contents.json in full, call plan with `asset`"
        return summary
    }
}

/// Paths in summaries: relative to the root when inside it.
enum CurrentFolderText {
    static func shown(_ path: String, root: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}
