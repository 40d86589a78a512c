import AssetCatalog
import AssetCore
import AssetPlan
import Rendering

/// The checks of template glyph sources made on every build (rule 7, and tabs whose derived form
/// would not differ from the given one).
extension BuildEngine {
    /// One check per template glyph source and asset (rule 7: transparent, one colour), with the
    /// manifest line that names the source.
    func glyphSourceChecks(_ plan: Plan) -> [(asset: String, source: SourceRef, origin: SourceLocation?)] {
        var seen: Set<[String]> = []
        var checks: [(asset: String, source: SourceRef, origin: SourceLocation?)] = []
        for job in plan.jobs {
            guard case .glyph(let treatment) = job.effect, treatment.template,
                  seen.insert([job.asset, job.source.path]).inserted else { continue }
            checks.append((job.asset, job.source, job.origin))
        }
        return checks
    }

    /// Warnings for template glyph sources with a background or more than one colour, placed at
    /// the manifest line (so Xcode shows them inline) and naming the asset.
    func inspect(_ checks: [(asset: String, source: SourceRef, origin: SourceLocation?)],
                         decoded: [String: LoadedSource]) -> [Diagnostic] {
        let indices = Array(checks.indices)
        return parallelMap(indices, threads: threads) { index -> [Diagnostic] in
            let check = checks[index]
            guard let image = decoded[check.source.loadKey], let inspection = try? GlyphInspector.inspect(image) else { return [] }
            return GlyphInspector.diagnostics(inspection, asset: check.asset, displayPath: check.source.displayPath).map { found in
                guard let origin = check.origin else { return found.concerning(check.asset) }
                var placed = found.concerning(check.asset)
                placed.location = .source(origin)
                placed.message = "asset \"\(check.asset)\": " + found.message
                return placed
            }
        }.flatMap { $0 }
    }

    /// The jobs of the "could not derive a distinct form" check: every job of a derived form (a
    /// template glyph filled or outlined), every size and scale written, in plan order (issue
    /// 52: a form distinct at its largest size may not be at a smaller one).
    static func derivedCheckJobs(_ plan: Plan) -> [RenderJob] {
        plan.jobs.filter { job in
            guard case .glyph(let treatment) = job.effect else { return false }
            return treatment.template && (treatment.form == .filled || treatment.form == .outline)
        }
    }

    /// The share of pixels `job`'s derived form changes (`GlyphInspector.derivedChange`), nil when
    /// its source is not loaded or cannot be drawn. The form stays in the source's memo for the
    /// render of the same job.
    static func derivedChange(of job: RenderJob, decoded: [String: LoadedSource]) -> Double? {
        guard case .glyph(let treatment) = job.effect, let image = decoded[job.source.loadKey] else { return nil }
        return try? GlyphInspector.derivedChange(image, treatment: treatment, outputSize: job.pixelSize, fit: job.fit)
    }

    /// 4b. The derived-form check, every job of a derived form: an up-to-date output's change is the
    /// one its record holds; a job about to be rendered is measured by its render (the form is
    /// derived once, on the render's thread); any other (up to date but not recorded) is derived
    /// here.
    func planDerivedChecks(_ pending: [KeyedGroup], record: BuildRecord?, _ run: inout BuildRun) {
        var checks = DerivedChecks(jobs: Self.derivedCheckJobs(run.plan))
        // Only the keys of the checked jobs are looked for among the groups to render (a set of
        // every group's key held 150,000 keys at 50,000 assets).
        let checked = Set(checks.jobs.map(\.renderKey))
        let rendering = checked.isEmpty ? [] : Set(pending.lazy.map(\.group.key).filter(checked.contains))
        var now: [Int] = []
        for (index, job) in checks.jobs.enumerated() {
            if run.files[job.output]?.isOnDisk == true, let known = record?.files[job.output]?.derivedChange {
                checks.changes[index] = known
            } else if rendering.contains(job.renderKey) {
                checks.measuredBy[job.renderKey, default: []].append(index)
            } else {
                now.append(index)
            }
        }
        let decoded = run.decoded, jobs = checks.jobs
        for (index, change) in zip(now, parallelMap(now, threads: threads) { Self.derivedChange(of: jobs[$0], decoded: decoded) }) {
            checks.changes[index] = change
        }
        run.derived = checks
    }

    /// 5b. The derived-form warnings, one per asset and form for the size that changes least, at
    /// the manifest line of the given source, where the source checks put theirs; each change is
    /// recorded with its output for the next build.
    func finishDerivedChecks(_ run: inout BuildRun) {
        var least: [[String]: (job: RenderJob, form: GlyphTreatment.Form, change: Double)] = [:]
        var order: [[String]] = []
        for (job, change) in zip(run.derived.jobs, run.derived.changes) {
            guard case .glyph(let treatment) = job.effect, let change else { continue }
            run.files[job.output]?.derivedChange = change
            let key = [job.asset, treatment.form.rawValue]
            if let seen = least[key] {
                if change < seen.change { least[key] = (job, treatment.form, change) }
            } else {
                least[key] = (job, treatment.form, change)
                order.append(key)
            }
        }
        var warnings: [Diagnostic] = []
        for key in order {
            guard let (job, form, change) = least[key],
                  var found = GlyphInspector.derivationDiagnostic(asset: job.asset, form: form, change: change) else { continue }
            if let origin = job.origin { found.location = .source(origin) }
            warnings.append(found.concerning(job.asset))
        }
        run.diagnostics.insert(contentsOf: warnings, at: min(run.derivedWarningsAt, run.diagnostics.count))
    }
}

/// The "could not derive a distinct form" check of one build: its jobs, the change measured for
/// each (nil until known), and which render groups measure which checks.
struct DerivedChecks {
    var jobs: [RenderJob] = []
    var changes: [Double?] = []
    var measuredBy: [RenderKey: [Int]] = [:]

    init(jobs: [RenderJob] = []) {
        self.jobs = jobs
        changes = Array(repeating: nil, count: jobs.count)
    }
}
