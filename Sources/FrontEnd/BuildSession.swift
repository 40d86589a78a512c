import AssetCatalog
import AssetCore
import AssetPlan
import AssetSpec
import BuildEngine
import Foundation

/// One build as every front end runs it (issue 47): the CLI's `build`, `watch` and the MCP
/// server's `build` take the same steps from a loaded manifest, so where the state lives
/// (`StateFolder`), the namespace guard, the known record and the stamp are settled once, here
/// (the caller hands in the budgets it read), and a build through the server or `watch` leaves
/// the stamp `assetsmith build`'s fast path reads, as the CLI does. An edit's build (issue 50,
/// `EditBuild`) is a session too: its few assets, the record read in part, the stamp patched.
package struct BuildSession {
    package private(set) var manifest: Manifest
    package let manifestPath: String
    package var plan: Plan
    /// What the build reads and writes, listed once (the stamp, the file lists and `watch`).
    package let files: BuildFiles
    package let templateDirectories: [String]
    /// The inputs' sizes and times before the build read them (`BuildStamp.Snapshot`).
    package let readBefore: BuildStamp.Snapshot
    /// Which manifest items draw which source, for the stamp (`EditIndex`); taken before the
    /// manifest's assets are let go.
    package private(set) var index: EditIndex?
    /// Set for an edit's build (`EditBuild`): the stamp is then patched, not made anew.
    package private(set) var edit: EditBuild?
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
        index = EditIndex.make(manifest: manifest, plan: plan)
    }

    /// The session of an edit's build: its few assets, planned alone (`EditBuild`).
    package init(edit: EditBuild, manifestPath: String) {
        self.init(manifest: edit.manifest, manifestPath: manifestPath, plan: edit.plan)
        index = nil
        self.edit = edit
    }

    /// The engine for this build, or the clashes that forbid it (nothing may be written:
    /// `NamespaceGuard`). `earlier`: the record a caller kept (watch); `prefetched`: one being read.
    package func engine(threads: Int, force: Bool, budgets: Budgets, earlier: BuildRecord.Snapshot? = nil,
                        prefetched: BuildRecord.Prefetch? = nil) -> Result<BuildEngine, SessionClashes> {
        var engine = BuildEngine(threads: threads, force: force)
        engine.budgets = budgets
        if let edit {
            // An edit's build: the stamp found every folder of the catalog as the last clean build
            // left it (no set added, removed or replaced by hand since), so the namespace is as that
            // build checked it; the record is read only where the edited sets are.
            engine.knownRecord = edit.knownRecord()
            return .success(engine)
        }
        let (clashes, known) = NamespaceGuard.check(manifest: manifest, plan: plan, knowing: earlier, prefetched: prefetched)
        guard clashes.isEmpty else { return .failure(SessionClashes(diagnostics: clashes)) }
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
        if let edit {
            if !result.diagnostics.hasErrors, result.failedJobs == 0, changed.isEmpty {
                edit.recordStamp(diagnostics: result.diagnostics, now: now)
            }
        } else if !previewFailed, !result.diagnostics.hasErrors, result.failedJobs == 0, changed.isEmpty {
            BuildStamp.record(manifest: manifest, assets: assets, manifestPath: manifestPath, plan: plan, files: files,
                              preview: preview, diagnostics: result.diagnostics, templateDirectories: templateDirectories,
                              written: result.report.record, known: now, index: index)
        }
        return changed
    }
}

/// The namespace guard's refusal (`BuildSession.engine`).
package struct SessionClashes: Error {
    package var diagnostics: [Diagnostic]
}
