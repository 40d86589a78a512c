import AssetCatalog
import AssetCore
import BuildEngine
import AssetPlan
import AssetSpec
import Foundation
import FrontEnd
import VectorWorkers

/// One `assetsmith watch` run without the waiting: each call to `rebuild` reloads the manifest,
/// plans, and runs the incremental pipeline, so only jobs whose sources or parameters changed are
/// drawn. It never throws: a broken manifest or source prints its errors and leaves the last good
/// output in place, and the next good save fixes it. Driven by `WatchCommand`, or by tests directly.
final class WatchSession {
    let options: ManifestOptions
    let threads: Int
    let printer: DiagnosticPrinter
    /// `--strict`: warnings shown and counted as errors (`BuildSession.diagnostics(of:)`).
    let strictness: Strictness
    /// Folders to watch after the last rebuild: the manifest's, each source's and the templates'.
    private(set) var directories: [String] = []
    /// Files whose change matters (manifest, sources, tables); a changed path elsewhere is ignored.
    private var relevantFiles: Set<String> = []
    private var templateDirectories: [String] = []
    /// Folders a `source` pattern lists: any file appearing there may be a new asset.
    private var patternFolders: Set<String> = []
    private var outputDirectory: String?
    /// What the last rebuild printed: the plan's warnings and the build's diagnostics.
    private(set) var lastDiagnostics: [Diagnostic] = []
    /// The manifest and plan of the last rebuild that loaded them: a rebuild whose changed paths
    /// are all files the plan draws from reuses them (issue 38: an edited source among 4,000
    /// assets no longer pays for reading and planning the whole manifest again).
    private var last: Loaded?
    /// The build record the last rebuild wrote (`NamespaceGuard.check(knowing:)`).
    private var lastRecord: BuildRecord.Snapshot?
    /// Whether the last rebuild was an edit's build (`EditBuild`).
    private(set) var lastRebuildWasEdit = false

    struct Loaded {
        var manifest: Manifest
        var plan: Plan
        /// Sources the plan's jobs draw, as watch reports paths; not the manifest, a template or an
        /// Icon Composer bundle's file (the manifest's reading depends on those).
        var drawnSources: Set<String>

        init(manifest: Manifest, plan: Plan) {
            self.manifest = manifest
            self.plan = plan
            drawnSources = Set(plan.jobs.flatMap(\.allSources).map { PathText.normalized($0.path) }
                .filter { $0 != PathText.normalized(manifest.file) && !$0.contains(".icon/") && !$0.hasSuffix(".json") })
        }
    }

    /// The SVG workers, kept for the whole session (a file that crashes one costs that asset).
    private let sandbox: WorkerPool?

    init(options: ManifestOptions, threads: Int, printer: DiagnosticPrinter, sandbox: WorkerPool? = nil,
         strictness: Strictness = .standard) {
        self.options = options
        self.threads = threads
        self.printer = printer
        self.strictness = strictness
        self.sandbox = sandbox
    }

    /// True when a changed path can affect the catalog (always true for a folder: macOS reports those).
    func matters(_ path: String) -> Bool {
        let path = PathText.normalized(path)
        if let outputDirectory, path == outputDirectory || path.hasPrefix(outputDirectory + "/") { return false }
        if relevantFiles.contains(path) || directories.contains(path) { return true }
        let name = PathText.lastComponent(path)
        if patternFolders.contains(PathText.parent(path)), !name.hasPrefix(".") { return true }
        return templateDirectories.contains { path.hasPrefix($0 + "/") }
    }

    /// Rebuilds and returns the one-line report (also printed). `changed` names what triggered it.
    @discardableResult
    func rebuild(changed: Set<String>) -> String {
        let start = Date()
        let what = changed.isEmpty ? "initial build" :
            "changed " + changed.map { PathText.lastComponent($0) }.sorted().joined(separator: ", ")
        let manifestPath = options.manifestPath
        let manifest: Manifest
        let plan: Plan
        var reloaded = true
        do {
            if let last, !changed.isEmpty, changed.allSatisfy({ path in
                let path = PathText.normalized(path)
                return last.drawnSources.contains(path) && !templateDirectories.contains { path.hasPrefix($0 + "/") }
            }) {
                // Only drawn sources changed: the manifest and the plan are what they were.
                (manifest, plan) = (last.manifest, last.plan)
                reloaded = false
            } else {
                self.last = nil
                (manifest, plan) = try Loading.manifestAndPlan(options, printer: printer)
                last = Loaded(manifest: manifest, plan: plan)
            }
        } catch {
            // Keep watching the manifest's folder so that the fix is seen.
            if directories.isEmpty { directories = [PathText.parent(manifestPath)] }
            relevantFiles.insert(manifestPath)
            let line = "\(what): manifest has errors; the last good output is left in place"
            printer.line(line)
            return line
        }
        // The namespace guard, the budgets and the stamp, as `build` has them (`BuildSession`):
        // nothing is written over a clash. The manifest was loaded with these budgets, so a bad
        // variable has been reported already.
        // Only drawn sources changed: when the stamp agrees, an edit's build (issue 50) reads,
        // plans and writes just the items that draw them.
        let edit = reloaded ? nil : editBuild()
        lastRebuildWasEdit = edit != nil
        var session = edit.map { BuildSession(edit: $0, manifestPath: manifestPath) }
            ?? BuildSession(manifest: manifest, manifestPath: manifestPath, plan: plan)
        session.strictness = strictness
        var pipeline: BuildEngine
        switch session.engine(threads: threads, force: false, budgets: (try? BudgetSettings.budgets()) ?? .standard,
                              earlier: lastRecord) {
        case .success(let engine): pipeline = engine
        case .failure(let clashes):
            printer.print(clashes.diagnostics)
            if directories.isEmpty { directories = [PathText.parent(manifestPath)] }
            relevantFiles.insert(manifestPath)
            let line = "\(what): set names clash; nothing was written, the last good output is left in place"
            printer.line(line)
            return line
        }
        pipeline.sandbox = sandbox
        pipeline.phaseFinished = { PhaseTimer.shared.mark($0) }
        let result = pipeline.build(edit?.plan ?? plan)
        // A clean rebuild leaves the stamp `assetsmith build` answers a no-op from.
        session.finish(result, assets: manifest.assets.count)
        // The record as this build wrote it, with its file's stamp: the next rebuild decodes it
        // only if something else wrote it since. An edit's build knows only the parts it read:
        // the next whole rebuild reads the record again.
        lastRecord = result.report.record?.partial == nil
            ? BuildRecord.Snapshot(record: result.report.record, stamp: result.report.recordStamp) : nil
        let diagnostics = session.diagnostics(of: result)
        printer.print(diagnostics)
        lastDiagnostics = diagnostics

        if reloaded { watchInputs(of: manifest, plan: plan) }

        let report = result.report
        var line = "\(what): \(result.rendered) rendered, \(report.written.count) written, \(report.removed.count) removed"
            + (report.trash.map { " (kept in \(CurrentFolder.relative($0)))" } ?? "")
        if result.failedJobs > 0 { line += ", \(result.failedJobs) failed (previous output kept)" }
        line += String(format: " in %.3f s", Date().timeIntervalSince(start))
        // A rebuild that fails (an error, or a warning with --strict) says so on its line.
        if diagnostics.hasErrors { line += "; " + diagnostics.countSummary }
        printer.line(line)
        return line
    }

    /// The edit's build the stamp allows now (`EditBuild`), or nil for the whole rebuild.
    private func editBuild() -> EditBuild? {
        guard case .changed(let change) = BuildStamp.check(manifestPath: options.manifestPath, outputOverride: options.output,
                                                           preview: false, flavor: options.flavor) else { return nil }
        return EditBuild.prepare(change, manifestPath: options.manifest, outputOverride: options.output,
                                 environment: ProcessInfo.processInfo.environment, flavor: options.flavor)
    }

    /// What to watch for the next rebuild: the manifest's inputs and their folders.
    private func watchInputs(of manifest: Manifest, plan: Plan) {
        templateDirectories = TemplateLocator.templateDirectories(manifest: manifest)
        outputDirectory = plan.outputDirectory
        let files = BuildFiles(manifest: manifest, manifestPath: options.manifestPath, plan: plan,
                               templateDirectories: templateDirectories)
        relevantFiles = Set(files.inputs)
        patternFolders = Set(manifest.patternFolders)
        directories = files.watchedDirectories
    }
}
