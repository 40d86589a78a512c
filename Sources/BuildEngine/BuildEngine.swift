/// BuildEngine: plan + previous record + sources → catalog. The CLI parses flags, prints and
/// times; everything a build decides (what is up to date, what is refused, what is drawn, what is
/// written, kept or removed) happens here, in one process, and is tested here without the binary.
import AssetCatalog
import AssetCore
import AssetPlan
import Foundation
import PNGCodec
import Rendering

/// What one build did.
package struct BuildResult {
    package var report: WriteReport
    /// Every diagnostic of the build, the plan's warnings first (`Plan.warnings`: tab-bar
    /// contrast, glyph advice…), so that every front end shows the same.
    package var diagnostics: [Diagnostic]
    /// Outputs drawn and encoded in this build.
    package var rendered: Int
    /// Outputs whose key and file matched the record, so they were not drawn again.
    package var upToDate: Int
    /// Jobs refused (upscaling) or failed (bad source, render error), `.icon` layers included.
    package var failedJobs: Int
}

/// How far rendering has got (the CLI shows it as a progress line).
package protocol BuildProgress: AnyObject, Sendable {
    func advance()
    func finish()
}

/// The jobs of a plan that make identical pixels (same `RenderKey`): drawn once, written to
/// every output of the group.
package struct RenderGroup: Sendable {
    /// Never empty; in plan order. A group of one job (almost every group) is a slice of the
    /// plan's own jobs, so grouping copies no job; at 50,000 assets the copies and their keys held
    /// ~100 MB through the render (issue 38).
    package var jobs: ArraySlice<RenderJob>

    package init(jobs: ArraySlice<RenderJob>) {
        precondition(!jobs.isEmpty, "a render group has at least one job")
        self.jobs = jobs
    }

    package init(jobs: [RenderJob]) { self.init(jobs: jobs[...]) }

    /// What the group's pixels depend on (made when asked: kept, it would double a group's size).
    package var key: RenderKey { job.renderKey }
    /// The job that stands for the group (they differ only in where they are written).
    package var job: RenderJob { jobs[jobs.startIndex] }
    package var outputs: [String] { jobs.map(\.output) }

    /// The plan's jobs grouped by `RenderKey`, in the order of each group's first job.
    package static func groups(of plan: Plan) -> [RenderGroup] {
        let jobs = plan.jobs
        // Groups found by the key's hash, the keys compared only when hashes meet: a table of
        // every key would hold 150,000 keys of 226 bytes at 50,000 assets.
        var byHash: [Int: Int] = [:]
        var collided: [RenderKey: Int] = [:]
        var first: [Int] = []
        var more: [Int: [Int]] = [:]
        for index in jobs.indices {
            let key = jobs[index].renderKey
            let hash = key.hashValue
            let found: Int?
            if let at = byHash[hash] {
                found = jobs[first[at]].renderKey == key ? at : collided[key]
            } else {
                found = nil
            }
            if let at = found {
                more[at, default: []].append(index)
                continue
            }
            if byHash[hash] == nil { byHash[hash] = first.count } else { collided[key] = first.count }
            first.append(index)
        }
        return first.enumerated().map { at, index in
            guard let rest = more[at] else { return RenderGroup(jobs: jobs[index...index]) }
            return RenderGroup(jobs: ([index] + rest).map { jobs[$0] })
        }
    }
}

/// What drawing one group gave: its file or why it failed, the derived-form change it measured,
/// and warnings.
typealias DrawOutcome = (Result<Data, Diagnostic>, Double?, [Diagnostic])

/// A `DrawOutcome` while the rest of its batch is drawn: a file (or where it was spilled) and the
/// change it measured inline, anything else (a failure, warnings) boxed. A batch of 150,000
/// outcomes waiting to be taken then holds some 80 bytes each, not a diagnostic's size (issue 38).
struct HeldOutcome: Sendable {
    private final class Other: Sendable {
        let outcome: DrawOutcome
        init(_ outcome: DrawOutcome) { self.outcome = outcome }
    }

    private var data: Data?
    private var change: Double?
    private var other: Other?
    /// Where the file's bytes wait when the build held its budget already (`data` is then nil).
    private(set) var spilled: SpilledFile?

    /// The outcome, its file held in memory or, past the build's budget, kept in the spill file.
    init(_ outcome: DrawOutcome, held: HeldBytes) {
        if case .success(let data) = outcome.0, outcome.2.isEmpty {
            change = outcome.1
            if let spilled = held.spill(data) { self.spilled = spilled } else { self.data = data }
        } else {
            other = Other(outcome)
        }
    }

    /// The outcome; a spilled file's bytes are empty here (`spilled` has them).
    var outcome: DrawOutcome { other?.outcome ?? (.success(data ?? Data()), change, []) }
}

/// A drawn file's bytes in the build's spill file, and their digest (taken as they are kept).
typealias SpilledFile = (kept: FileUpdate.Spilled, sha256: SHA256Digest)

/// The drawn bytes a build holds in memory until the catalog is written, up to
/// `Budgets.heldOutputBytes`; past it, each file drawn goes to the build's spill file (made when
/// first needed), so what a build holds is what is in flight, not the catalog's size (issue 38).
/// Shared by the drawing threads.
final class HeldBytes: @unchecked Sendable {
    private let lock = NSLock()
    private let budget: Int
    private let spillFolder: String
    private var held = 0
    private var file: SpillFile?
    private var tried = false

    init(budget: Int, spillFolder: String) {
        self.budget = budget
        self.spillFolder = spillFolder
    }

    /// nil when `data` is to be held in memory (within the budget, or the spill file cannot take
    /// it); otherwise where it was kept and its digest.
    func spill(_ data: Data) -> SpilledFile? {
        let spillFile: SpillFile? = lock.withLock {
            if held + data.count <= budget {
                held += data.count
                return nil
            }
            if !tried {
                tried = true
                file = SpillFile.open(folder: spillFolder)
            }
            return file
        }
        guard let spillFile, let place = spillFile.keep(data) else { return nil }
        return SpilledFile(kept: FileUpdate.Spilled(file: spillFile, place: place), sha256: Digest.sha256Digest(data))
    }

    /// Removes the spill file, once the writer has read back what it kept.
    func removeFile() { lock.withLock { file }?.remove() }
}

/// A group that passed the checks, with its build key (`BuildKey`).
struct KeyedGroup: Sendable {
    var group: RenderGroup
    var digest: SHA256Digest
}

/// One build as it moves through the phases: what has been read, decoded and made, and what
/// went wrong. Each phase of `BuildEngine` takes it and adds to it.
struct BuildRun {
    let plan: Plan
    var diagnostics: [Diagnostic] = []
    /// Outputs refused or failed: kept as they are on disk (never removed for failing).
    var failed: Set<String> = []
    /// Sources read and hashed, by path.
    var read: [String: SourceBytes] = [:]
    /// Every source reference of the plan, by `SourceRef.loadKey`.
    var refs: [String: SourceRef] = [:]
    /// Sources decoded or parsed, by load key; released after their last render batch.
    var decoded: [String: LoadedSource] = [:]
    /// The bytes of every output that will be in the catalog, by output path.
    var files: [String: RenderedFile] = [:]
    /// The `.icon` layer files made or found current, by path relative to the output folder.
    var layerFiles: [String: BundleFile] = [:]
    /// Layer jobs whose source could not be read or whose file could not be made.
    var layersFailed: Set<String> = []
    /// What the layer jobs found, by output, until it is reported in layer order.
    var layerDiagnostics: [String: [Diagnostic]] = [:]
    /// The drawn bytes held in memory, and the spill file past their budget.
    let held: HeldBytes
    var rendered = 0
    var upToDate = 0
    /// The derived-form check (`planDerivedChecks`), and where its warnings go: after the
    /// source checks.
    var derived = DerivedChecks()
    var derivedWarningsAt = 0

    init(plan: Plan, heldBudget: Int) {
        self.plan = plan
        held = HeldBytes(budget: heldBudget, spillFolder: SpillFile.folder(for: plan))
        // Made once at full size: grown by doubling, the old table and the new were held at once.
        files.reserveCapacity(plan.jobs.count)
        for job in plan.jobs { for source in job.allSources { refs[source.loadKey] = source } }
    }

    mutating func fail(_ group: RenderGroup) { failed.formUnion(group.outputs) }

    /// Whether every source the group reads was read.
    func hasSources(_ group: RenderGroup) -> Bool {
        group.job.allSources.allSatisfy { read[$0.path] != nil }
    }

    /// The load keys of the sources the group draws (templates are only hashed).
    static func drawnSources(_ group: RenderGroup) -> [String] {
        group.job.allSources.filter { $0.format != .yaml }.map(\.loadKey)
    }
}

/// Plan → pixels → catalog, in one process.
///
/// Each source is read and hashed once; each job gets a key (`BuildKey`) from the source bytes and
/// its parameters, and a job whose key and output file both match the previous build's record is
/// not drawn again (unless `force`). Only sources that still have work are decoded or parsed, each
/// once; each distinct output is rendered once, spread over `threads` threads.
package struct BuildEngine {
    package var threads: Int
    package var force = false
    /// Makes a progress display for this many renders (nil: none is shown).
    package var progress: (Int) -> BuildProgress? = { _ in nil }
    /// Where SVG and PDF documents are parsed and drawn (worker processes); nil: in this process.
    package var sandbox: VectorSandbox?
    /// Called when another build of the same catalog holds the lock and this one waits.
    package var waiting: () -> Void = {}
    /// Bytes and pixels the build may use (source files, decoded sources, outputs drawn at once).
    package var budgets = Budgets.standard
    /// Called as each phase ends, with its name (`read sources`, `render and encode`…): the front
    /// end times them (`ASSETSMITH_TIMINGS=1`). The engine itself reads no clock for it.
    package var phaseFinished: @Sendable (String) -> Void = { _ in }
    /// The build record as the front end read it before the build (to guard the catalog's
    /// names): taken as it is once the lock is held while its file is unchanged, read again
    /// otherwise (`BuildRecord.read(at:knowing:)`).
    package var knownRecord: BuildRecord.Snapshot?

    package init(threads: Int, force: Bool = false) {
        self.threads = threads
        self.force = force
    }

    package func build(_ plan: Plan) -> BuildResult {
        // One build of a catalog at a time, from reading its record to writing it.
        let lock: BuildLock
        do {
            lock = try BuildLock(plan: plan, waiting: waiting)
        } catch {
            return BuildResult(report: WriteReport(), diagnostics: plan.warnings + [error], rendered: 0, upToDate: 0,
                               failedJobs: plan.jobs.count)
        }
        defer { withExtendedLifetime(lock) {} }
        FreedMemory.keepLargeBlocksMapped()
        var run = BuildRun(plan: plan, heldBudget: budgets.heldOutputBytes)
        run.diagnostics = plan.warnings
        let record = BuildRecord.read(at: StateFolder(plan: plan).record,
                                      knowing: knownRecord)
        startWorkers(for: plan, hasRecord: record != nil)
        readSources(&run)
        phaseFinished("read sources")
        checkGlyphSources(&run)
        checkFlattenedAlpha(&run)
        phaseFinished("glyph checks")
        var groups = admit(RenderGroup.groups(of: plan), &run)
        phaseFinished("group + read record")
        let layers = admitLayers(&run)
        let pending = reuseUpToDate(groups, record: record, &run)
        groups = [] // the groups up to date are done with: at 50,000 assets they held 100 MB (issue 38)
        let pendingLayers = reuseLayers(layers, record: record, &run)
        phaseFinished("keys and up-to-date check")
        planDerivedChecks(pending, record: record, &run)
        phaseFinished("derived-form check")
        // Layers first: a copy takes the bytes the render batches let go once decoded.
        drawLayers(pendingLayers, &run)
        render(pending, &run)
        finishDerivedChecks(&run)
        phaseFinished("render and encode")
        let report = writeCatalog(record: record, &run)
        phaseFinished("write catalog")
        return BuildResult(report: report, diagnostics: run.diagnostics, rendered: run.rendered, upToDate: run.upToDate,
                           failedJobs: plan.jobs.filter { run.failed.contains($0.output) }.count + run.layersFailed.count)
    }

    // MARK: Phases

    /// 0. A build that draws everything with vector sources starts the sandbox's first worker at
    /// once (`startsWorkerEarly`), so that its start-up overlaps reading and checking; more start
    /// when the work keeps it busy. An incremental build starts one when a drawing needs it.
    func startWorkers(for plan: Plan, hasRecord: Bool) {
        let drawsVectors = plan.jobs.contains { $0.allSources.contains(where: \.isVector) }
        if Self.startsWorkerEarly(drawsVectors: drawsVectors, hasRecord: hasRecord, force: force) { sandbox?.prestart(1) }
    }

    /// The one rule for starting a worker before any drawing asks for one, for the engine (from
    /// the plan) and a front end that starts it even earlier (from the manifest's text, while it is
    /// parsed): the build draws vectors and will draw everything (no record, or `--force`).
    package static func startsWorkerEarly(drawsVectors: Bool, hasRecord: Bool, force: Bool) -> Bool {
        drawsVectors && (!hasRecord || force)
    }

    /// 1. Every source read and hashed once (bitmaps: pixel size from the header), the catalog's
    /// and the `.icon` layers' alike. A warning about how a source is drawn (its colour profile)
    /// is not given for a file only copied into a bundle, whose profile Icon Composer reads.
    func readSources(_ run: inout BuildRun) {
        let drawn = Set(run.plan.jobs.flatMap(\.allSources))
        let sources = Array(drawn.union(run.plan.layerJobs.compactMap(\.source))).sorted { $0.path < $1.path }
        let budgets = budgets
        let results = parallelMap(sources, threads: threads) { SourceLoader.read($0, budgets: budgets) }
        for (source, result) in zip(sources, results) {
            switch result {
            case .success(let bytes):
                run.read[source.path] = bytes
                if let warning = bytes.warning, drawn.contains(source) { run.diagnostics.append(warning) }
            case .failure(let diagnostic): run.diagnostics.append(diagnostic)
            }
        }
    }

    /// 2. Template glyph sources are decoded and checked on every build, up to date or not, so
    /// that a warning (and --strict) does not depend on what the last build left behind.
    func checkGlyphSources(_ run: inout BuildRun) {
        let checks = glyphSourceChecks(run.plan)
        let keys = Array(Set(checks.map(\.source.loadKey))).filter { key in
            run.refs[key].map { run.read[$0.path] != nil } ?? false
        }.sorted()
        decode(keys, &run)
        run.diagnostics += inspect(checks, decoded: run.decoded)
        run.derivedWarningsAt = run.diagnostics.count
    }

    /// 3. Groups whose sources were read and that upscale nothing (neither their source nor a
    /// bitmap overlay); the others fail, with the upscale rule's refusal.
    func admit(_ groups: [RenderGroup], _ run: inout BuildRun) -> [RenderGroup] {
        var admitted: [RenderGroup] = []
        for group in groups {
            guard let source = run.read[group.job.source.path], run.hasSources(group) else {
                run.fail(group)
                continue
            }
            let read = run.read
            let refusals = group.jobs.flatMap { job in
                UpscaleRule.refusals(job) { $0.path == job.source.path ? source.pixels : read[$0.path]?.pixels }
                    .map { $0.concerning(job.asset) }
            }
            guard refusals.isEmpty else {
                run.diagnostics += refusals
                run.fail(group)
                continue
            }
            admitted.append(group)
        }
        return admitted
    }

    /// 4. The build key of every group, and the groups still to draw: a group whose outputs all
    /// hold the bytes the record has for this key (`RecordedOutput`: by stamp, or read and hashed
    /// over the threads) is taken from disk.
    func reuseUpToDate(_ groups: [RenderGroup], record: BuildRecord?, _ run: inout BuildRun) -> [KeyedGroup] {
        let catalog = SafeFiles(root: (run.plan.outputDirectory as NSString).appendingPathComponent(run.plan.catalogFolder))
        let sourceFacts = run.read
        let table = run.plan.table
        let force = force
        let checks = parallelChunks(groups, threads: threads) { chunk in
            let encoder = BuildKey.KeyEncoder()
            return chunk.map { group -> (SHA256Digest, [RecordedOutput.Match]?) in
                let digest = BuildKey.digest(for: group.job, sourceDigest: BuildKey.sourceDigest(for: group.job) { sourceFacts[$0]?.sha256 },
                                             table: table, encoder: encoder)
                guard !force else { return (digest, nil) }
                var found: [RecordedOutput.Match] = []
                for job in group.jobs {
                    guard let match = RecordedOutput.match(job.output, key: digest, entry: record?.files[job.output], in: catalog,
                                                           checked: record?.checkedAtRead?.contains(job.output) == true) else {
                        return (digest, nil)
                    }
                    found.append(match)
                }
                return (digest, found)
            }
        }
        var pending: [KeyedGroup] = []
        for (group, (digest, found)) in zip(groups, checks) {
            guard let found, let source = run.read[group.job.source.path] else {
                pending.append(KeyedGroup(group: group, digest: digest))
                continue
            }
            var origin: RenderedFile.Origin?
            for (job, match) in zip(group.jobs, found) {
                let shared = source.origin(of: job, key: digest, earlier: origin)
                origin = shared
                run.files[job.output] = source.found(match, origin: shared)
            }
            run.upToDate += group.jobs.count
        }
        return pending
    }

    /// 5. Decode or parse the sources that still have work, each once, and render and encode in
    /// parallel, batch by batch as `RenderSchedule` decides: the decoded pixels of a batch within
    /// the build's budget, each source loaded by the first job that needs it (`LazySources`) and
    /// let go after its last batch.
    func render(_ pending: [KeyedGroup], _ run: inout BuildRun) {
        // A spill file a killed build left (up to the catalog's size) goes with the next build
        // that draws, whether or not that one spills.
        if !pending.isEmpty { SpillFile.removeStale(folder: SpillFile.folder(for: run.plan)) }
        let read = run.read, refs = run.refs
        let schedule = RenderSchedule(pending, sources: { BuildRun.drawnSources($0.group) }, file: { refs[$0]?.path },
                                      pixels: { refs[$0].flatMap { read[$0.path]?.pixels }.map { $0.width * $0.height } ?? 0 },
                                      budget: budgets.buildPixels)
        let progressLine = progress(pending.count)
        defer { progressLine?.finish() }
        for (index, batch) in schedule.batches.enumerated() {
            drawBatch(batch, at: index, of: schedule, progress: progressLine, &run)
            for key in schedule.released(after: index) { run.decoded[key] = nil }
            FreedMemory.release()
        }
    }

    /// One batch: its sources made loadable, the groups that can be drawn drawn (the others
    /// fail), and what they gave taken into the run.
    func drawBatch(_ batch: [KeyedGroup], at index: Int, of schedule: RenderSchedule<KeyedGroup>, progress: BuildProgress?,
                   _ run: inout BuildRun) {
        let needed = Set(batch.flatMap { BuildRun.drawnSources($0.group) }).filter { run.decoded[$0] == nil }.sorted()
        let loadable = BuildEngine.loadable(needed, run)
        let lazyKeys = Set(loadable.map(\.key))
        // The files' bytes go with the sources that read them (`LazySources` drops them once
        // decoded); the record needs only their digests and pixel sizes.
        for path in Set(loadable.map(\.bytes.source.path)) where schedule.isDone(withFile: path, after: index) {
            run.read[path]?.data = Data()
        }
        let decoded = run.decoded
        let drawable = BuildEngine.inDrawingOrder(batch.filter { item in
            item.group.job.allSources.allSatisfy {
                $0.format == .yaml || decoded[$0.loadKey] != nil || lazyKeys.contains($0.loadKey)
            }
        })
        // Resampling passes per source: one per thread that draws in this process (when a
        // worker has jobs too, half the threads feed it).
        let ways = drawable.contains(where: BuildEngine.drawnByWorker) ? max(1, threads / 2) : threads
        BuildEngine.announceResamples(drawable, decoded: decoded, ways: ways)
        let lazy = lazySources(loadable, for: drawable, ways: ways) { schedule.isLast($0, in: index) }
        // Groups known by their first output (unique), not by their keys (226 bytes each).
        let drawn = Set(drawable.map(\.group.job.output))
        for item in batch where !drawn.contains(item.group.job.output) {
            run.fail(item.group)
            progress?.advance()
        }
        let outcomes = draw(drawable, with: lazy, decoded: decoded, measured: run.derived.measuredBy, held: run.held,
                            progress: progress)
        // A source that could not be loaded is reported once, before what its batch drew.
        run.diagnostics += lazy.failures
        run.decoded.merge(lazy.loaded) { first, _ in first }
        take(outcomes, of: drawable, &run)
    }

    /// Draws `drawable` over the threads. Outputs drawn at once stay within the pixel budget too
    /// (six 12,288 px images on six threads would hold 3.5 GB): the batch is drawn in runs that fit
    /// it. Jobs a worker draws and jobs drawn here are taken by different threads first
    /// (`inDrawingOrder`). nil: the group's sources could not be loaded.
    func draw(_ drawable: [KeyedGroup], with lazy: LazySources, decoded: [String: LoadedSource],
              measured: [RenderKey: [Int]], held: HeldBytes, progress: BuildProgress?) -> [HeldOutcome?] {
        var outcomes: [HeldOutcome?] = []
        let runs = RenderSchedule<KeyedGroup>.outputRuns(drawable, pixels: { $0.group.job.pixelSize.width * $0.group.job.pixelSize.height },
                                                         budget: budgets.buildPixels)
        for slice in runs {
            outcomes += parallelMap(slice, threads: threads, lane: BuildEngine.drawnByWorker) { item -> HeldOutcome? in
                defer { progress?.advance() }
                let keys = BuildRun.drawnSources(item.group)
                var announced: String?
                defer { lazy.done(with: keys, announced: announced) }
                guard let sources = lazy.adding(keys, to: decoded) else { return nil }
                announced = BuildEngine.announcedSource(of: item, in: sources)
                if item.group.job.symbol != nil {
                    return HeldOutcome(BuildEngine.drawSymbol(item.group.job, decoded: sources), held: held)
                }
                // The check's derivation is the render's: kept in the source's memo for it.
                let change = !measured.isEmpty && measured[item.group.key] != nil ? BuildEngine.derivedChange(of: item.group.job, decoded: sources) : nil
                return HeldOutcome((BuildEngine.draw(item.group.job, decoded: sources), change, []), held: held)
            }
        }
        return outcomes
    }

    /// What drawing gave, into the run: files, warnings, derived-form changes, failures.
    func take(_ outcomes: [HeldOutcome?], of drawable: [KeyedGroup], _ run: inout BuildRun) {
        for (item, held) in zip(drawable, outcomes) {
            guard let (outcome, change, warnings) = held?.outcome else {
                run.fail(item.group)
                continue
            }
            run.diagnostics += warnings
            if let change { for index in run.derived.measuredBy[item.group.key] ?? [] { run.derived.changes[index] = change } }
            switch outcome {
            case .success(let data):
                guard let source = run.read[item.group.job.source.path] else { continue }
                var origin: RenderedFile.Origin?
                for job in item.group.jobs {
                    let shared = source.origin(of: job, key: item.digest, earlier: origin)
                    origin = shared
                    run.files[job.output] = source.rendered(data, origin: shared, spilled: held?.spilled)
                }
                run.rendered += item.group.jobs.count
            case .failure(let diagnostic):
                run.diagnostics.append(diagnostic.concerning(item.group.job.asset))
                run.fail(item.group)
            }
        }
    }

    /// 6. The catalog (and the `.icon` bundles' layer files beside it).
    func writeCatalog(record: BuildRecord?, _ run: inout BuildRun) -> WriteReport {
        // What only reading and drawing needed goes before the writer's peak, and the files go
        // to the writer, which lets their table go once it has listed them (issue 38).
        run.read = [:]
        run.refs = [:]
        run.decoded = [:]
        FreedMemory.release()
        let files = run.files
        run.files = [:]
        let report = CatalogWriter.write(run.plan, files: consume files, failed: run.failed, previous: record,
                                         bundleFiles: run.layerFiles)
        run.held.removeFile()
        run.diagnostics += report.diagnostics
        return report
    }

    // MARK: Parts

    /// One job's file: a vector (PDF or SVG) or a PNG drawn from the decoded sources.
    static func draw(_ job: RenderJob, decoded: [String: LoadedSource]) -> Result<Data, Diagnostic> {
        do {
            if job.vector != nil {
                guard let source = decoded[job.source.loadKey] else {
                    throw RenderError.unreadable(path: job.source.path, message: "the source was not loaded")
                }
                return .success(try Renderer.renderVector(job, from: source))
            }
            var loaded: [String: LoadedSource] = [:]
            for source in job.allSources { loaded[source.path] = decoded[source.loadKey] }
            if let stored = Renderer.storedCopy(job, sources: loaded),
               let file = try PNGCodec.rewrapped(stored, channels: job.channels) { return .success(file) }
            let bitmap = try Renderer.render(job, sources: loaded)
            return .success(try PNGCodec.encode(bitmap, channels: job.channels))
        } catch let error as RenderError {
            if case .cairo(let message) = error, message.lowercased().contains("out of memory") {
                // The size is the cause, not the file: say how large the output is.
                let size = job.pixelSize
                return .failure(.error("cannot render \(job.slot) from \"\(job.source.displayPath)\": out of memory for a "
                                       + "\(size.width)x\(size.height) px output (\(Budgets.bytesText(size.width * size.height * 4)) of pixels)",
                                       at: .asset(name: job.asset, detail: nil),
                                       fix: "give the asset a smaller size in the manifest").with(.fewerJobs))
            }
            return .failure(.error("cannot render \(job.slot) from \"\(job.source.displayPath)\": \(error)",
                                   at: .asset(name: job.asset, detail: nil), fix: error.fix ?? "check the source file")
                .with(error.remedy))
        } catch let error as PNGError {
            return .failure(.error("cannot encode \(job.slot): \(error)", at: .asset(name: job.asset, detail: nil),
                                   fix: error.fix ?? "internal error, please report").with(error.remedy))
        } catch {
            return .failure(.error("cannot draw \(job.slot): \(error)", at: .asset(name: job.asset, detail: nil),
                                   fix: "internal error, please report"))
        }
    }

    /// Tells each raster source of `decoded` the sizes its jobs in `items` will ask for, so the
    /// first job makes them all in one pass over the source's rows (`ways` passes at most).
    static func announceResamples(_ items: [KeyedGroup], decoded: [String: LoadedSource], ways: Int) {
        var targets: [ObjectIdentifier: (RasterImage, [AreaResampler.Target])] = [:]
        for item in items where item.group.job.vector == nil && item.group.job.symbol == nil {
            guard let source = decoded[item.group.job.source.loadKey],
                  let (image, target) = Renderer.resampleTarget(item.group.job, from: source) else { continue }
            targets[ObjectIdentifier(image), default: (image, [])].1.append(target)
        }
        for (image, list) in targets.values where list.count > 1 { image.expect(list, ways: ways) }
    }

    /// The source of `item` that it asks only for a size announced with others
    /// (`RasterImage.expect`), never for the pixels themselves: its main source, when that is a
    /// bitmap drawn plainly (`Renderer.resampleTarget`) at an announced size; nil otherwise.
    static func announcedSource(of item: KeyedGroup, in sources: [String: LoadedSource]) -> String? {
        let job = item.group.job
        let key = job.source.loadKey
        guard job.symbol == nil, job.vector == nil, let source = sources[key],
              let (image, target) = Renderer.resampleTarget(job, from: source), image.isPlanned(target) else { return nil }
        return key
    }

    /// The order jobs are drawn in: those drawn in this process first, largest output first (the
    /// large encodes do not come last), then those a vector worker draws, in plan order. The render
    /// threads split over the two lanes (`drawnByWorker`), so a worker is kept busy from its start
    /// while the other threads draw and encode here.
    static func inDrawingOrder(_ items: [KeyedGroup]) -> [KeyedGroup] {
        func pixels(_ item: KeyedGroup) -> Int { item.group.job.pixelSize.width * item.group.job.pixelSize.height }
        let local = items.filter { !drawnByWorker($0) }.enumerated()
            .sorted { (pixels($0.element), -$0.offset) > (pixels($1.element), -$1.offset) }
        return local.map(\.element) + items.filter(drawnByWorker)
    }

    /// Whether a vector source takes part in drawing the item (a worker draws it when there is a sandbox).
    static func drawnByWorker(_ item: KeyedGroup) -> Bool { item.group.job.allSources.contains(where: \.isVector) }

    /// A batch's sources, each loaded by the first of `drawable` that draws from it: a bitmap
    /// announces the sizes its jobs ask for as it is decoded, and a source whose last batch this
    /// is (`lastHere`) is let go once its last job here is done.
    func lazySources(_ loadable: [(key: String, bytes: SourceBytes)], for drawable: [KeyedGroup], ways: Int,
                     lastHere: (String) -> Bool) -> LazySources {
        let bySource = Dictionary(grouping: drawable.filter { !BuildEngine.drawnByWorker($0) }) { $0.group.job.source.loadKey }
        let keys = Set(loadable.map(\.key))
        var uses: [String: Int] = [:]
        for item in drawable {
            for key in BuildRun.drawnSources(item.group) where keys.contains(key) && lastHere(key) { uses[key, default: 0] += 1 }
        }
        return LazySources(loadable, sandbox: sandbox, uses: uses, prepare: { key, source in
            guard case .bitmap(let image) = source, let items = bySource[key] else { return }
            BuildEngine.announceResamples(items, decoded: [key: source], ways: ways)
            // The file is kept for an output of the source's own size only (`Renderer.storedCopy`).
            if !items.contains(where: { $0.group.job.pixelSize == image.size }) { image.dropStored() }
        }, announcedUses: { key, source in
            (bySource[key] ?? []).filter { BuildEngine.announcedSource(of: $0, in: [key: source]) == key }.count
        })
    }

    /// The sources of `keys` that were read, with their bytes, for `LazySources` to load.
    static func loadable(_ keys: [String], _ run: BuildRun) -> [(key: String, bytes: SourceBytes)] {
        keys.compactMap { key in
            guard let ref = run.refs[key], var bytes = run.read[ref.path] else { return nil }
            bytes.source = ref
            return (key, bytes)
        }
    }

    /// Decodes or parses the sources known by `loadKeys` (`SourceRef.loadKey`) in parallel, each
    /// once; a source that cannot be decoded is a diagnostic, and its groups fail when drawn.
    func decode(_ loadKeys: [String], _ run: inout BuildRun) {
        let sandbox = sandbox, refs = run.refs, read = run.read
        let work = loadKeys.compactMap { key -> (String, SourceBytes)? in
            guard let ref = refs[key], var bytes = read[ref.path] else { return nil }
            bytes.source = ref
            return (key, bytes)
        }
        let results = parallelMap(work.map(\.1), threads: threads) { SourceLoader.decode($0, sandbox: sandbox) }
        for ((key, _), result) in zip(work, results) {
            switch result {
            case .success(let image): run.decoded[key] = image
            case .failure(let diagnostic): run.diagnostics.append(diagnostic)
            }
        }
    }
}
