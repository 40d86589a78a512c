import ArgumentParser
import AssetCore
import Foundation

/// `assetsmith build`: plan, render, write the catalog, print a summary.
struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Render every asset of the manifest into the asset catalog (the default command).")

    @OptionGroup var options: ManifestOptions

    @Option(name: .long, help: "Render jobs in parallel on this many threads (default: all cores).")
    var jobs: Int?

    @Flag(name: .long, help: "Treat warnings as errors (exit 1).")
    var strict = false

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let printer = DiagnosticPrinter()
        let start = Date()
        let (manifest, plan) = try Loading.manifestAndPlan(options, printer: printer)
        var result = Pipeline(threads: jobs ?? ProcessInfo.processInfo.activeProcessorCount).build(plan)
        result.diagnostics = plan.warnings + result.diagnostics
        printer.print(result.diagnostics)
        let elapsed = Date().timeIntervalSince(start)
        let report = result.report
        let summary = "built \(manifest.assets.count) asset\(manifest.assets.count == 1 ? "" : "s") into "
            + "\(relativePath(plan.outputDirectory + "/" + plan.catalogFolder)): "
            + "\(report.written.count) written, \(report.unchanged.count) unchanged, \(report.removed.count) removed"
            + (result.failedJobs > 0 ? ", \(result.failedJobs) refused or failed" : "")
            + String(format: " in %.2f s", elapsed)
        printer.line(summary)
        if !result.diagnostics.isEmpty { printer.line(result.diagnostics.countSummary) }
        if result.diagnostics.hasErrors || (strict && !result.diagnostics.isEmpty) {
            throw ExitCode(1)
        }
    }
}

/// A path relative to the current directory when it is below it.
func relativePath(_ path: String) -> String {
    let cwd = FileManager.default.currentDirectoryPath + "/"
    return path.hasPrefix(cwd) ? String(path.dropFirst(cwd.count)) : path
}
