import AssetCatalog
import AssetCore
import AssetPlan
import AssetSpec
import BuildEngine
import Foundation

/// One build as every front end runs it (issue 47): the CLI's `build`, `watch` and the MCP
/// server's `build` take the same steps from a loaded manifest, so where the state lives
/// (`StateFolder`), the namespace guard, the known record, the budgets and the stamp are settled
/// once, here, and a build through the server or `watch` leaves the stamp `assetsmith build`'s
/// fast path reads, as the CLI does.
package struct BuildSession {
    package private(set) var manifest: Manifest
    package let manifestPath: String
    package var plan: Plan
    /// What the build reads and writes, listed once (the stamp, the file lists and `watch`).
    package let files: BuildFiles
    package let templateDirectories: [String]
    /// The inputs' sizes and times before the build read them (`BuildStamp.Snapshot`).
    package let readBefore: BuildStamp.Snapshot
    /// `--strict`: how the build's diagnostics are shown and decide its outcome (`diagnostics(of:)`);
    /// the stamp keeps them as the build said them.
    package var strictness = Strictness.standard

    /// `manifestBefore`: the manifest's stat taken before it was read (the CLI takes it first
    /// thing); taken now when nil.
    package init(manifest: Manifest, manifestPath: String, plan: Plan, manifestBefore: BuildStamp.Snapshot? = nil) {
        self.manifest = manifest
        self.manifestPath = manifestPath
        self.plan = plan
        templateDirectories = TemplateLocator.templateDirectories(manifest: manifest)
        files = BuildFiles(manifest: manifest, manifestPath: manifestPath, plan: plan, templateDirectories: templateDirectories)
        readBefore = BuildStamp.snapshot(manifestBefore ?? BuildStamp.snapshot(manifestPath: manifestPath), files: files)
    }

    /// The engine for this build, or the clashes that forbid it (nothing may be written:
    /// `NamespaceGuard`). `earlier`: the record a caller kept (watch); `prefetched`: one being read.
    package func engine(threads: Int, force: Bool, budgets: Budgets, earlier: BuildRecord.Snapshot? = nil,
                        prefetched: BuildRecord.Prefetch? = nil) -> Result<BuildEngine, SessionClashes> {
        let (clashes, known) = NamespaceGuard.check(manifest: manifest, plan: plan, knowing: earlier, prefetched: prefetched)
        guard clashes.isEmpty else { return .failure(SessionClashes(diagnostics: clashes)) }
        var engine = BuildEngine(threads: threads, force: force)
        engine.budgets = budgets
        engine.knownRecord = known
        return .success(engine)
    }

    /// The build's diagnostics as every front end shows them and decides its outcome on:
    /// `strictness` applied, once, here.
    package func diagnostics(of result: BuildResult) -> [Diagnostic] {
        strictness.apply(result.diagnostics)
    }

    /// Lets the manifest's assets go once the namespace is checked (issue 38: some 20 MB through
    /// the drawing at 50,000 assets); the stamp needs only the rest.
    package mutating func releaseAssets() {
        manifest.assets = []
    }

    /// After the build: records the stamp when the build was clean and no input changed while
    /// it ran; returns the inputs that changed meanwhile (sorted), which the next build reads again.
    @discardableResult
    package func finish(_ result: BuildResult, assets: Int, preview: Bool = false, previewFailed: Bool = false) -> [String] {
        let (changed, now) = readBefore.settled()
        if !previewFailed, !result.diagnostics.hasErrors, result.failedJobs == 0, changed.isEmpty {
            BuildStamp.record(manifest: manifest, assets: assets, manifestPath: manifestPath, plan: plan, files: files,
                              preview: preview, diagnostics: result.diagnostics, templateDirectories: templateDirectories,
                              written: result.report.record, known: now)
        }
        return changed
    }
}

/// The namespace guard's refusal (`BuildSession.engine`).
package struct SessionClashes: Error {
    package var diagnostics: [Diagnostic]
}
