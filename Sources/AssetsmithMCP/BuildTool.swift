import AssetCatalog
import AssetCore
import AssetPlan
import BuildEngine
import Foundation
import FrontEnd
import MCP

/// `build`: the catalog rendered and written, as `assetsmith build` does, with the summary, the
/// diagnostics and the files written as data. Concurrent builds of one catalog wait for each
/// other on the build lock (`BuildLock`), in this server as between processes.
extension ToolContext {
    static let buildArguments = manifestArguments + ["force", "adopt", "strict", "jobs", "renderTimeout", "limit"]

    func build(_ arguments: ToolArguments, progress: ProgressReport?, cancel: CancelFlag) throws(ToolFailure) -> ToolOutput {
        try requireWritable("build")
        try arguments.checkNames(Self.buildArguments)
        var loaded = try loadManifest(arguments)
        let jobs = try arguments.int("jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
        let timeout = try arguments.double("renderTimeout", in: 0...3600) ?? 30
        if try arguments.bool("adopt") ?? false { loaded.plan.adopting = Set(loaded.manifest.assets.map(\.name)) }
        // The set-up and the stamp as `assetsmith build` has them (`BuildSession`), so that the
        // CLI's next build of an unchanged project answers from the stamp.
        var session = BuildSession(manifest: loaded.manifest, manifestPath: loaded.path, plan: loaded.plan)
        session.strictness = try arguments.bool("strict") ?? false ? .strict : .standard
        var engine: BuildEngine
        switch session.engine(threads: jobs, force: try arguments.bool("force") ?? false,
                              budgets: (try? BudgetSettings.budgets()) ?? .standard) {
        case .success(let made): engine = made
        case .failure(let clashes):
            throw ToolFailure("the build would write over sets it may not: \(clashes.diagnostics.countSummary); nothing was written",
                              diagnostics: clashes.diagnostics)
        }
        engine.sandbox = settings.sandbox(jobs, timeout).map { CancellableSandbox($0, flag: cancel) }
        if let progress {
            let waited = Latch() // set once the wait was reported at 0: the relay then does not start at 0 again
            engine.progress = { total in ProgressRelay(total: total, report: progress, cancel: cancel, startSent: waited.isSet) }
            engine.waiting = {
                waited.set()
                progress(0, nil, "waiting for another build of the catalog to finish")
            }
        }
        let start = Date()
        let result = engine.build(loaded.plan)
        // Badge variables given to this call are not the environment the stamp records: no stamp then.
        if try arguments.strings("variables") == nil { session.finish(result, assets: loaded.manifest.assets.count) }
        return buildOutput(result, diagnostics: session.diagnostics(of: result), loaded: loaded, seconds: Date().timeIntervalSince(start),
                           page: try ResultPage(ToolArguments(arguments.values.filter { $0.key == "limit" })))
    }

    /// Counts first, then the first `limit` of each list (issue 51): a build's lists cannot be
    /// paged afterwards, so `plan` and `verify` (with `asset`) give the detail of what was built.
    /// `diagnostics`: the build's, as `BuildSession` shows them (`strict` applied).
    private func buildOutput(_ result: BuildResult, diagnostics: [Diagnostic], loaded: LoadedManifest, seconds: Double,
                             page: ResultPage) -> ToolOutput {
        let plan = loaded.plan
        let report = result.report
        let catalog = plan.outputDirectory + "/" + plan.catalogFolder
        let passed = !diagnostics.hasErrors && result.failedJobs == 0
        let structured: [String: Value] = [
            "catalog": .string(catalog), "passed": .bool(passed), "assets": .int(loaded.manifest.assets.count),
            "rendered": .int(result.rendered), "upToDate": .int(result.upToDate), "failed": .int(result.failedJobs),
            "written": .array(report.written.prefix(page.limit).map { .string($0) }), "writtenCount": .int(report.written.count),
            "unchanged": .int(report.unchanged.count),
            "removed": .array(report.removed.prefix(page.limit).map { .string($0) }), "removedCount": .int(report.removed.count),
            "trash": report.trash.map { .string(CurrentFolderText.shown($0, root: jail.root)) } ?? .null,
            "adopted": .array(report.adopted.prefix(page.limit).map { adoption in
                .object(["folder": .string(adoption.folder), "moved": .array(adoption.moved.prefix(page.limit).map { .string($0) }),
                         "backup": .string(CurrentFolderText.shown(adoption.backupFolder, root: jail.root))])
            }),
            "diagnostics": DiagnosticJSON.values(Array(diagnostics.prefix(page.limit))),
            "diagnosticCount": .int(diagnostics.count), "seconds": .double((seconds * 100).rounded() / 100),
        ]
        let summary = "built \(loaded.manifest.assets.count) asset\(loaded.manifest.assets.count == 1 ? "" : "s") into "
            + "\(CurrentFolderText.shown(catalog, root: jail.root)): \(result.rendered) rendered, \(result.upToDate) up to date; "
            + "\(report.written.count) written, \(report.unchanged.count) unchanged, \(report.removed.count) removed"
            + (result.failedJobs > 0 ? ", \(result.failedJobs) refused or failed" : "")
            + String(format: " in %.2f s", seconds) + "; \(diagnostics.countSummary)"
            + "\n" + page.text(diagnostics, what: "diagnostics", DiagnosticJSON.text)
            + "\n" + page.text(report.written, what: "written") { $0 }
            + (report.removed.isEmpty ? "" : "\n" + page.text(report.removed, what: "removed") { $0 })
            + (report.trash.map { "\nremoved files were kept in \(CurrentFolderText.shown($0, root: jail.root))" } ?? "")
        return ToolOutput(structured: structured, summary: summary, isError: !passed)
    }
}
