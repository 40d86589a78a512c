import ArgumentParser
import AssetCatalog
import AssetCore
import BuildEngine
import AssetPlan
import AssetSpec
import Foundation
import FrontEnd
import Preview
import Rendering

/// `assetsmith build`: plan, render, write the catalog, print a summary.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Render every asset of the manifest into the asset catalog (the default command).")

    @OptionGroup var options: ManifestOptions

    @OptionGroup var render: RenderOptions

    @OptionGroup var terminal: TerminalOptions

    @Flag(name: .long, help: "Treat warnings as errors (exit 1).")
    var strict = false

    var strictness: Strictness { strict ? .strict : .standard }

    @Flag(name: .long, help: "Render every output again, even those the last build left up to date.")
    var force = false

    @Flag(name: .long, help: "Take over every set the manifest names even when it holds files assetsmith did not write (they are moved to backup/ in the state folder, .assetsmith beside the manifest), as `adopt: true` on each asset; never a hand-made set a flavour would write, nor a hand-made .icon.")
    var adopt = false

    @Flag(name: .long, help: "Also write preview.png and preview.html into the state folder (.assetsmith beside the manifest; never beside the catalog).")
    var preview = false

    @Option(name: .customLong("preview-folder"), help: "With --preview: write the preview here instead of the state folder.")
    var previewFolder: String?

    @Option(name: .long, help: "Write the manifest and every source path here (an .xcfilelist for an Xcode Run Script phase's inputs).")
    var inputFileList: String?

    @Option(name: .long, help: "Write every generated file's path here (an .xcfilelist for the Run Script phase's outputs).")
    var outputFileList: String?

    @Flag(name: .long, help: "Run as an Xcode Run Script phase with user script sandboxing on: touch only what the phase's file lists declare, and stop before anything is read or written when they do not cover the build (`assetsmith xcode` writes them).")
    var xcode = false

    /// A file list that is a symbolic link or a folder is refused before anything is built: the
    /// option is wrong (exit 2), and nothing is ever written through a link.
    func validate() throws {
        for (option, path) in [("--input-file-list", inputFileList), ("--output-file-list", outputFileList)] {
            guard let path else { continue }
            if let problem = FileListTarget.problem(PathText.absolute(path, relativeTo: FileManager.default.currentDirectoryPath)) {
                throw ValidationError("\(option) \"\(ReportText.visible(path))\" \(problem)")
            }
        }
    }

    /// The no-op fast path: true when the build stamp shows that nothing changed (reported, and
    /// the build is done); otherwise `changed` names the first input the check found changed, and
    /// `edit` is the edit's build (`EditBuild`) when only a few sources changed.
    private func answeredFromStamp(printer: DiagnosticPrinter, start: Date, changed: inout String?,
                                   edit: inout EditBuild?) throws -> Bool {
        guard !force, !adopt, inputFileList == nil, outputFileList == nil, previewFolder == nil else { return false }
        switch BuildStamp.check(manifestPath: options.manifestPath, outputOverride: options.output, preview: preview,
                                flavor: options.flavor) {
        case .current(let stamp):
            try reportUnchanged(stamp, printer: printer, start: start)
            return true
        case .changed(let change):
            changed = change.files.first
            if !preview {
                edit = EditBuild.prepare(change, manifestPath: options.manifest, outputOverride: options.output,
                                         environment: ProcessInfo.processInfo.environment, flavor: options.flavor)
            }
            return false
        case .none:
            return false
        }
    }

    func run() throws {
        let printer = DiagnosticPrinter(terminal)
        let start = Date()
        PhaseTimer.shared.mark("start")
        let phase = try xcode ? XcodeCheck.phase(manifestPath: options.manifestPath, printer: printer) : nil
        var changedInput: String?
        var edit: EditBuild?
        if try answeredFromStamp(printer: printer, start: start, changed: &changedInput, edit: &edit) { return }
        PhaseTimer.shared.mark("stamp check")
        FreedMemory.keepLargeBlocksMapped() // before the manifest's parse and the record's read
        let workers = render.makeSandbox()
        SignalExit.install(stopping: workers)
        // A first build that draws vectors, or one after an SVG or PDF was saved, starts its first
        // worker now, while the manifest is read.
        // The record is read, and the catalog's files looked at, on other threads while the
        // manifest is parsed (not for an edit's build, which looks at its few sets only).
        let guess = edit != nil ? (draws: false, prefetch: nil)
            : BuildStamp.drawsVectorsFromScratch(manifestPath: options.manifestPath, outputOverride: options.output, force: force)
        if guess.draws || BuildStamp.drawsVectorsFromChange(changedInput) { workers.prestart(1) }
        let manifestBefore = BuildStamp.snapshot(manifestPath: options.manifestPath)
        var (manifest, plan) = try edit.map { ($0.manifest, $0.plan) } ?? Loading.manifestAndPlan(options, printer: printer)
        if adopt { plan.adopting = Set(manifest.assets.map(\.name)) }
        let assetCount = edit?.change.counts[0] ?? manifest.assets.count
        let previewStyle = preview ? PreviewStyle(manifest: manifest) : nil
        // What the build reads and writes, listed once for the snapshot, the file lists and the stamp.
        var session = edit.map { BuildSession(edit: $0, manifestPath: options.manifestPath) }
            ?? BuildSession(manifest: manifest, manifestPath: options.manifestPath, plan: plan, manifestBefore: manifestBefore)
        session.strictness = strictness
        if let phase {
            try XcodeCheck.covers(phase, files: session.files, plan: plan, templateDirectories: session.templateDirectories,
                                  manifestPath: options.manifestPath, recordFiles: edit?.change.counts[2], printer: printer)
        } else if edit == nil {
            StateMigration.migrate(plan: plan, printer: printer)
        }
        PhaseTimer.shared.mark(edit == nil ? "files and snapshot" : "edit: items, plan, files")
        var pipeline: BuildEngine
        switch session.engine(threads: render.threads, force: force, budgets: try Loading.budgets(printer: printer),
                              prefetched: guess.prefetch) {
        case .success(let engine): pipeline = engine
        case .failure(let clashes):
            printer.print(clashes.diagnostics)
            printer.line(clashes.diagnostics.countSummary)
            throw ExitCode(2)
        }
        // Past the namespace check the plan holds what the build draws: the manifest's assets are
        // let go (issue 38: some 20 MB through the drawing at 50,000 assets).
        manifest.assets = []
        session.releaseAssets()
        PhaseTimer.shared.mark("manifest and plan")
        pipeline.sandbox = workers
        pipeline.progress = { total in printer.progress("rendering", total: total) }
        pipeline.waiting = { printer.note("waiting for another build of \(relativePath(plan.outputDirectory + "/" + plan.catalogFolder)) to finish") }
        pipeline.phaseFinished = { PhaseTimer.shared.mark($0) }
        let result = pipeline.build(plan)
        let diagnostics = session.diagnostics(of: result)
        printer.print(diagnostics)
        printSummary(result, assets: assetCount, plan: plan, totals: edit.map { (jobs: $0.change.counts[1], files: $0.change.counts[2]) },
                     elapsed: Date().timeIntervalSince(start), printer: printer)
        let listsFailed = phase == nil && edit == nil
            && !writeFileLists(session.files, plan: plan, record: result.report.record,
                               templateDirectories: session.templateDirectories, printer: printer)
        let previewFailed = previewStyle.map { !writePreview(plan: plan, style: $0, result: result, vectors: pipeline.sandbox,
                                                             printer: printer) } ?? false
        if !diagnostics.isEmpty { printer.line(diagnostics.countSummary) }
        let changedMeanwhile = session.finish(result, assets: assetCount, preview: preview && previewFolder == nil,
                                              previewFailed: previewFailed)
        if let first = changedMeanwhile.first {
            printer.note("\(relativePath(first)) changed while the build ran; the next build reads it again")
        }
        PhaseTimer.shared.mark("file lists and stamp")
        UntilExit.keep(manifest, plan, session, pipeline, result)
        if diagnostics.hasErrors { throw ExitCode(1) }
        if listsFailed { throw ExitCode(2) }
    }

    /// The preview never fails a build: a problem drawing or writing it is a warning, the exit
    /// code is the catalog's, and "preview:" is said only when it was written (then true).
    private func writePreview(plan: Plan, style: PreviewStyle, result: BuildResult, vectors: (any VectorSandbox)?,
                              printer: DiagnosticPrinter) -> Bool {
        let problems = PreviewWriter.asWarnings(PreviewWriter.write(plan: plan, diagnostics: result.diagnostics,
                                                                    style: style,
                                                                    vectors: vectors, folder: previewFolder))
        printer.print(problems)
        let folder = PreviewWriter.folder(state: StateFolder(plan: plan).path, named: previewFolder)
        if problems.isEmpty { printer.note("preview: \(relativePath(folder))/preview.png and preview.html") }
        return problems.isEmpty
    }

    /// What the build did: the sets it adopted, then one summary line. `totals`: an edit's build
    /// (`EditBuild`) counts the jobs and files it left alone as up to date and unchanged, as the
    /// whole build would, from the last build's totals.
    private func printSummary(_ result: BuildResult, assets: Int, plan: Plan, totals: (jobs: Int, files: Int)?,
                              elapsed: TimeInterval, printer: DiagnosticPrinter) {
        let report = result.report
        let upToDate = totals.map { max(0, $0.jobs - result.rendered - result.failedJobs) } ?? result.upToDate
        let unchanged = totals.map { max(0, $0.files - report.written.count - report.removed.count) } ?? report.unchanged.count
        for adoption in report.adopted {
            let shown = adoption.outsideCatalog ? adoption.folder : plan.catalogFolder + "/" + adoption.folder
            printer.line("adopted \"\(shown)\": its earlier files ("
                + adoption.moved.joined(separator: ", ") + ") were moved to "
                + relativePath(adoption.backupFolder))
        }
        printer.note("built \(assets) asset\(assets == 1 ? "" : "s") into "
            + "\(relativePath(plan.outputDirectory + "/" + plan.catalogFolder)): "
            + "\(result.rendered) rendered, \(upToDate) up to date; "
            + "\(report.written.count) written, \(unchanged) unchanged, \(report.removed.count) removed"
            + (report.trash.map { " (kept in \(relativePath($0)))" } ?? "")
            + (result.failedJobs > 0 ? ", \(result.failedJobs) refused or failed" : "")
            + String(format: " in %.2f s", elapsed))
    }

    /// The fast path: nothing changed since the last clean build, so say what it said.
    private func reportUnchanged(_ stamp: BuildStamp, printer: DiagnosticPrinter, start: Date) throws {
        // What the last build said, shown as this run's `--strict` says (`BuildSession.diagnostics(of:)`).
        let diagnostics = strictness.apply(stamp.diagnostics)
        printer.print(diagnostics)
        printer.note("built \(stamp.assets) asset\(stamp.assets == 1 ? "" : "s") into "
            + "\(relativePath(stamp.outputDirectory + "/" + stamp.catalogFolder)): "
            + "0 rendered, \(stamp.jobs) up to date; 0 written, \(stamp.files) unchanged, 0 removed"
            + String(format: " in %.2f s", Date().timeIntervalSince(start)))
        if preview {
            printer.note("preview: \(relativePath(PreviewWriter.folder(state: stamp.stateDirectory)))/preview.png and preview.html")
        }
        if !diagnostics.isEmpty { printer.line(diagnostics.countSummary) }
        if diagnostics.hasErrors { throw ExitCode(1) }
    }
}

extension BuildCommand {
    /// The `.xcfilelist` files Xcode uses for a Run Script phase's dependency analysis and its
    /// sandbox (`XcodeFileLists`): one `$(SRCROOT)`-relative path per line, sorted, written
    /// atomically and only when their content changes. The options name them; without the
    /// options, the two lists beside the manifest are kept current when they exist (`assetsmith
    /// xcode` made them), so that an asset added and built from a terminal needs nothing more.
    /// Returns false when one could not be written (the error is printed; the build exits 2, as
    /// the option names a path that cannot take the list). `files` is the build's `BuildFiles`.
    @discardableResult
    func writeFileLists(_ files: BuildFiles, plan: Plan, record: BuildRecord?, templateDirectories: [String],
                        printer: DiagnosticPrinter) -> Bool {
        let beside = PathText.parent(options.manifestPath)
        let besideManifest = XcodeFileLists.paths(manifestPath: options.manifestPath)
        let defaults = [besideManifest.inputs, besideManifest.outputs]
        let keptCurrent = inputFileList == nil && outputFileList == nil && defaults.allSatisfy { FileStat.of($0) != nil }
        let inputList = keptCurrent ? defaults[0] : inputFileList, outputList = keptCurrent ? defaults[1] : outputFileList
        guard inputList != nil || outputList != nil else { return true }
        let declared = XcodeFileLists(files: files, plan: plan, record: record, templateDirectories: templateDirectories,
                                      manifestPath: options.manifestPath)
        let root = XcodeFileLists.sourceRoot(manifestDirectory: beside, project: nil)
        let lists: [(String?, [String])] = [(inputList, declared.inputs), (outputList, declared.outputs)]
        var written = true
        for case let (path?, paths) in lists {
            let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
            if let broken = FileListTarget.lineBreak(in: paths) {
                // An .xcfilelist is one path a line, with no escape: the list would name two files.
                printer.print([.error("\(path == inputList ? "--input-file-list" : "--output-file-list") cannot list "
                                      + "\"\(ReportText.visible(broken))\": its name holds a line break, which a file list cannot hold; the list was not written",
                                      at: .file(ReportText.visible(broken)), fix: "rename the file without the line break")])
                written = false
                continue
            }
            let text = XcodeFileLists.text(paths, sourceRoot: root)
            let files = SafeFiles(root: PathText.parent(absolute))
            let name = PathText.lastComponent(absolute)
            guard files.read(name) != Data(text.utf8) else { continue }
            let option = path == inputList ? "--input-file-list" : "--output-file-list"
            if let problem = FileListTarget.problem(absolute) {
                printer.print([.error("\(option) \"\(path)\" \(problem)", at: .file(path),
                                      fix: "give a path to a file that is not a link, such as $(DERIVED_FILE_DIR)/assetsmith-outputs.xcfilelist")])
                written = false
                continue
            }
            do {
                try files.write(Data(text.utf8), to: name)
            } catch {
                printer.print([error])
                written = false
            }
        }
        return written
    }
}

/// Where a file list may be written: a new file or a regular file, never a link or a folder.
enum FileListTarget {
    /// The first path holding a line break (LF or CR), which no file list can hold.
    static func lineBreak(in paths: [String]) -> String? {
        paths.sorted().first { $0.contains("\n") || $0.contains("\r") }
    }

    /// Why `absolute` cannot take a file list, or nil when it can.
    static func problem(_ absolute: String) -> String? {
        var info = stat()
        guard lstat(absolute, &info) == 0 else { return nil }
        switch info.st_mode & S_IFMT {
        case S_IFLNK: return "is a symbolic link; refusing to write a file list through it"
        case S_IFDIR: return "is a folder, not a file"
        case S_IFREG: return nil
        default: return "is not a regular file"
        }
    }
}

/// A path relative to the current directory when it is below it.
func relativePath(_ path: String) -> String {
    CurrentFolder.relative(path)
}
