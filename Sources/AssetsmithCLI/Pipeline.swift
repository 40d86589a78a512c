import AssetCatalog
import AssetCore
import AssetPlan
import Foundation
import PNGCodec
import Rendering

/// What one build did.
struct BuildResult {
    var report: WriteReport
    var diagnostics: [Diagnostic]
    /// Outputs drawn and encoded in this build.
    var rendered: Int
    /// Outputs whose key and file matched the record, so they were not drawn again.
    var upToDate: Int
    /// Jobs refused (upscaling) or failed (bad source, render error).
    var failedJobs: Int
}

/// Plan → pixels → catalog, in one process.
///
/// Each source is read and hashed once; each job gets a key (`BuildKey`) from the source bytes and
/// its parameters, and a job whose key and output file both match the previous build's record is
/// not drawn again (unless `force`). Only sources that still have work are decoded or parsed, each
/// once; each distinct output is rendered once, spread over `threads` threads.
struct Pipeline {
    var threads: Int
    var force = false
    /// Makes a progress line for this many renders (nil: none is shown).
    var progress: (Int) -> ProgressLine? = { _ in nil }

    /// Where SVG documents are parsed and drawn (worker processes); nil: in this process.
    var sandbox: VectorSandbox?
    /// Called when another build of the same catalog holds the lock and this one waits.
    var waiting: () -> Void = {}

    func build(_ plan: Plan) -> BuildResult {
        // One build of a catalog at a time, from reading its record to writing it.
        let lock: BuildLock
        do {
            lock = try BuildLock(outputDirectory: plan.outputDirectory, catalogFolder: plan.catalogFolder, waiting: waiting)
        } catch {
            return BuildResult(report: WriteReport(), diagnostics: [error], rendered: 0, upToDate: 0,
                               failedJobs: plan.jobs.count)
        }
        defer { withExtendedLifetime(lock) {} }
        var diagnostics: [Diagnostic] = []
        var failed: Set<String> = []

        // 1. Every source read and hashed once (bitmaps: pixel size from the header).
        let sources = Array(Set(plan.jobs.flatMap(\.allSources))).sorted { $0.path < $1.path }
        let readList = parallelMap(sources, threads: threads) { SourceLoader.read($0) }
        var read: [String: SourceBytes] = [:]
        for (source, result) in zip(sources, readList) {
            switch result {
            case .success(let bytes):
                read[source.path] = bytes
                if let warning = bytes.warning { diagnostics.append(warning) }
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }

        PhaseTimer.shared.mark("read sources")

        // 1b. Template glyph sources are decoded and checked on every build, up to date or not,
        // so that a warning (and --strict) does not depend on what the last build left behind.
        var decoded: [String: LoadedSource] = [:]
        let glyphChecks = glyphSourceChecks(plan)
        var refs: [String: SourceRef] = [:]
        for job in plan.jobs { for source in job.allSources { refs[source.loadKey] = source } }
        let glyphSources = Array(Set(glyphChecks.map(\.source.loadKey))).filter { refs[$0].map { read[$0.path] != nil } ?? false }.sorted()
        decode(glyphSources, refs: refs, from: read, into: &decoded, diagnostics: &diagnostics)
        diagnostics += inspect(glyphChecks, decoded: decoded)
        // The derived-form check comes after the up-to-date check (it reuses what the record says
        // of an up-to-date output); its warnings go here, after the source checks.
        let derivedAt = diagnostics.count
        PhaseTimer.shared.mark("glyph checks")
        // 2. Group jobs with identical pixels; refuse upscaling; skip what is up to date.
        var keys: [RenderKey] = []
        var jobsByKey: [RenderKey: [RenderJob]] = [:]
        for job in plan.jobs {
            let key = job.renderKey
            if jobsByKey[key] == nil { keys.append(key) }
            jobsByKey[key, default: []].append(job)
        }
        let record = BuildRecord.read(at: BuildRecord.path(outputDirectory: plan.outputDirectory,
                                                           catalogFolder: plan.catalogFolder))
        PhaseTimer.shared.mark("group + read record")
        let catalog = SafeFiles(root: (plan.outputDirectory as NSString).appendingPathComponent(plan.catalogFolder))
        var files: [String: RenderedFile] = [:]
        var digests: [RenderKey: String] = [:]
        var toRender: [RenderKey] = []
        var upToDate = 0
        var checkable: [RenderKey] = []
        for key in keys {
            let jobs = jobsByKey[key]!
            guard let source = read[key.source], jobs[0].allSources.allSatisfy({ read[$0.path] != nil }) else {
                failed.formUnion(jobs.map(\.output))
                continue
            }
            let refusals = jobs.compactMap { UpscaleRule.check($0, sourcePixels: source.pixels) }
            guard refusals.isEmpty else {
                diagnostics += refusals
                failed.formUnion(jobs.map(\.output))
                continue
            }
            checkable.append(key)
        }
        // Keys and the up-to-date check (hashing the files on disk), spread over the threads.
        let groups = jobsByKey
        let sourceFacts = read
        let table = plan.table
        let force = force
        let checks = parallelChunks(checkable, threads: threads) { chunk in
            let encoder = BuildKey.makeEncoder()
            return chunk.map { key -> (String, [Data]?) in
                let jobs = groups[key]!
                let digest = BuildKey.digest(for: jobs[0], sourceDigest: BuildKey.sourceDigest(for: jobs[0]) { sourceFacts[$0]?.sha256 }, table: table,
                                             encoder: encoder)
                guard !force else { return (digest, nil) }
                var previous: [Data] = []
                for job in jobs {
                    guard let data = Pipeline.existingOutput(job.output, key: digest, record: record, catalog: catalog) else {
                        return (digest, nil)
                    }
                    previous.append(data)
                }
                return (digest, previous)
            }
        }
        for (key, (digest, previous)) in zip(checkable, checks) {
            digests[key] = digest
            let jobs = jobsByKey[key]!
            let source = read[key.source]!
            if let previous {
                for (job, data) in zip(jobs, previous) {
                    files[job.output] = source.rendered(data, job: job, key: digest, isOnDisk: true)
                }
                upToDate += jobs.count
            } else {
                toRender.append(key)
            }
        }

        PhaseTimer.shared.mark("keys and up-to-date check")
        // The derived-form check (`GlyphInspector.derivedChange`), one job per asset and form: an
        // up-to-date output's change is the one its record holds; a job about to be rendered is
        // measured by its render (the form is derived once, by the render's thread); any other
        // (up to date but not recorded) is derived here.
        let checkJobs = derivedCheckJobs(plan)
        var changes = [Double?](repeating: nil, count: checkJobs.count)
        var measuredBy: [RenderKey: [Int]] = [:]
        var checkNow: [Int] = []
        let rendering = Set(toRender)
        for (index, job) in checkJobs.enumerated() {
            if files[job.output]?.isOnDisk == true, let known = record?.files[job.output]?.derivedChange {
                changes[index] = known
            } else if rendering.contains(job.renderKey) {
                measuredBy[job.renderKey, default: []].append(index)
            } else {
                checkNow.append(index)
            }
        }
        let decodedNow = decoded
        for (index, change) in zip(checkNow, parallelMap(checkNow, threads: threads) { index in
            Pipeline.derivedChange(of: checkJobs[index], decoded: decodedNow)
        }) { changes[index] = change }
        let measureKeys = Set(measuredBy.keys)
        PhaseTimer.shared.mark("derived-form check")
        // 3 and 4. Decode or parse the sources that still have work, each once (templates are only
        // hashed), and render and encode in parallel: in batches whose decoded pixels stay within
        // the build's budget, each source released once no later batch needs it.
        func drawnSources(_ key: RenderKey) -> [String] {
            jobsByKey[key]![0].allSources.filter { $0.format != .yaml }.map(\.loadKey)
        }
        let batches = Pipeline.batches(toRender, sources: drawnSources,
                                       pixels: { refs[$0].flatMap { read[$0.path]?.pixels }.map { $0.width * $0.height } ?? 0 },
                                       budget: PixelBudget.perBuild)
        var lastBatch: [String: Int] = [:]
        for (index, batch) in batches.enumerated() {
            for key in batch { for path in drawnSources(key) { lastBatch[path] = index } }
        }
        let jobsFor = jobsByKey
        let progressLine = progress(toRender.count)
        defer { progressLine?.finish() }
        var rendered = 0
        for (index, batch) in batches.enumerated() {
            let needed = Set(batch.flatMap(drawnSources)).filter { decoded[$0] == nil }.sorted()
            decode(needed, refs: refs, from: read, into: &decoded, diagnostics: &diagnostics)
            func drawable(_ key: RenderKey) -> Bool {
                jobsByKey[key]![0].allSources.allSatisfy { $0.format == .yaml || decoded[$0.loadKey] != nil }
            }
            let renderable = batch.filter(drawable)
            for key in batch where !drawable(key) {
                failed.formUnion(jobsByKey[key]!.map(\.output))
                progressLine?.advance()
            }
            let images = decoded
            let outcomes = parallelMap(renderable, threads: threads) { key -> (Result<Data, Diagnostic>, Double?) in
                defer { progressLine?.advance() }
                let job = jobsFor[key]![0]
                // The check's derivation is the render's: kept in the source's memo for it.
                let change = measureKeys.contains(key) ? Pipeline.derivedChange(of: job, decoded: images) : nil
                return (Pipeline.render(job, images: images), change)
            }
            for (key, (outcome, change)) in zip(renderable, outcomes) {
                if let change { for index in measuredBy[key] ?? [] { changes[index] = change } }
                let jobs = jobsByKey[key]!
                let source = read[key.source]!
                switch outcome {
                case .success(let data):
                    for job in jobs { files[job.output] = source.rendered(data, job: job, key: digests[key]!) }
                    rendered += jobs.count
                case .failure(let diagnostic):
                    diagnostics.append(diagnostic)
                    failed.formUnion(jobs.map(\.output))
                }
            }
            for (path, last) in lastBatch where last == index { decoded[path] = nil }
        }

        var derivedWarnings: [Diagnostic] = []
        for (job, change) in zip(checkJobs, changes) {
            guard case .glyph(let treatment) = job.effect, let change else { continue }
            files[job.output]?.derivedChange = change
            guard var found = GlyphInspector.derivationDiagnostic(asset: job.asset, form: treatment.form, change: change)
            else { continue }
            if let origin = job.origin { found.location = .source(origin) }
            derivedWarnings.append(found)
        }
        diagnostics.insert(contentsOf: derivedWarnings, at: derivedAt)
        PhaseTimer.shared.mark("render and encode")
        // 5. The catalog.
        let layers = iconLayerFiles(plan, record: record)
        diagnostics += layers.diagnostics
        let report = CatalogWriter.write(plan, files: files, failed: failed, previous: record, bundleFiles: layers.files)
        PhaseTimer.shared.mark("write catalog")
        diagnostics += report.diagnostics
        let failedJobs = plan.jobs.filter { failed.contains($0.output) }.count
        return BuildResult(report: report, diagnostics: diagnostics, rendered: rendered, upToDate: upToDate,
                           failedJobs: failedJobs)
    }

    /// `keys` cut into batches in order, each needing at most `budget` decoded pixels (a key whose
    /// sources alone exceed it gets a batch of its own). Keys are taken grouped by their first
    /// source, so the jobs of one source share a batch.
    static func batches<Key>(_ keys: [Key], sources: (Key) -> [String], pixels: (String) -> Int,
                             budget: Int) -> [[Key]] {
        let ordered = keys.enumerated().sorted { (sources($0.element).first ?? "", $0.offset) < (sources($1.element).first ?? "", $1.offset) }
            .map(\.element)
        var batches: [[Key]] = []
        var current: [Key] = []
        var held: Set<String> = []
        var total = 0
        for key in ordered {
            let new = Set(sources(key)).subtracting(held)
            let extra = new.reduce(0) { $0 + pixels($1) }
            if !current.isEmpty, total + extra > budget {
                batches.append(current)
                current = []
                held = []
                total = 0
                let all = Set(sources(key))
                held = all
                total = all.reduce(0) { $0 + pixels($1) }
            } else {
                held.formUnion(new)
                total += extra
            }
            current.append(key)
        }
        if !current.isEmpty { batches.append(current) }
        return batches
    }

    /// Decodes or parses the sources known by `loadKeys` (`SourceRef.loadKey`) in parallel, each once.
    private func decode(_ paths: [String], refs: [String: SourceRef], from read: [String: SourceBytes],
                        into decoded: inout [String: LoadedSource], diagnostics: inout [Diagnostic]) {
        let sandbox = sandbox
        let results = parallelMap(paths, threads: threads) { key in
            let ref = refs[key]!
            var bytes = read[ref.path]!
            bytes.source = ref
            return SourceLoader.decode(bytes, sandbox: sandbox)
        }
        for (path, result) in zip(paths, results) {
            switch result {
            case .success(let image): decoded[path] = image
            case .failure(let diagnostic): diagnostics.append(diagnostic)
            }
        }
    }

    /// One check per template glyph source and asset (rule 7: transparent, one colour), with the
    /// manifest line that names the source.
    private func glyphSourceChecks(_ plan: Plan) -> [(asset: String, source: SourceRef, origin: SourceLocation?)] {
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
    private func inspect(_ checks: [(asset: String, source: SourceRef, origin: SourceLocation?)],
                         decoded: [String: LoadedSource]) -> [Diagnostic] {
        let indices = Array(checks.indices)
        return parallelMap(indices, threads: threads) { index -> [Diagnostic] in
            let check = checks[index]
            guard let image = decoded[check.source.loadKey], let inspection = try? GlyphInspector.inspect(image) else { return [] }
            return GlyphInspector.diagnostics(inspection, asset: check.asset, displayPath: check.source.displayPath).map { found in
                guard let origin = check.origin else { return found }
                var placed = found
                placed.location = .source(origin)
                placed.message = "asset \"\(check.asset)\": " + found.message
                return placed
            }
        }.flatMap { $0 }
    }

    /// The jobs of the "could not derive a distinct form" check: for each asset and derived form
    /// (a template glyph filled or outlined), the largest job (the regular size at the highest
    /// scale), in plan order.
    private func derivedCheckJobs(_ plan: Plan) -> [RenderJob] {
        var largest: [[String]: RenderJob] = [:]
        var order: [[String]] = []
        for job in plan.jobs {
            guard case .glyph(let treatment) = job.effect, treatment.template,
                  treatment.form == .filled || treatment.form == .outline else { continue }
            let key = [job.asset, treatment.form.rawValue]
            if let seen = largest[key] {
                if job.pixelSize.width > seen.pixelSize.width { largest[key] = job }
            } else {
                largest[key] = job
                order.append(key)
            }
        }
        return order.compactMap { largest[$0] }
    }

    /// The share of pixels `job`'s derived form changes (`GlyphInspector.derivedChange`), nil when
    /// its source is not loaded or cannot be drawn. The form stays in the source's memo for the
    /// render of the same job.
    static func derivedChange(of job: RenderJob, decoded: [String: LoadedSource]) -> Double? {
        guard case .glyph(let treatment) = job.effect, let image = decoded[job.source.loadKey] else { return nil }
        return try? GlyphInspector.derivedChange(image, treatment: treatment, outputSize: job.pixelSize, fit: job.fit)
    }

    /// The PNG (or vector file) of `job`, or the error that names the job.
    static func render(_ job: RenderJob, images: [String: LoadedSource]) -> Result<Data, Diagnostic> {
        do {
            if job.vector != nil {
                guard let source = images[job.source.loadKey] else {
                    throw RenderError.unreadable(path: job.source.path, message: "the source was not loaded")
                }
                return .success(try Renderer.renderVector(job, from: source))
            }
            var loaded: [String: LoadedSource] = [:]
            for source in job.allSources { loaded[source.path] = images[source.loadKey] }
            let bitmap = try Renderer.render(job, sources: loaded)
            return .success(try PNGCodec.encode(bitmap, channels: job.channels))
        } catch let error as RenderError {
            return .failure(.error("cannot render \(job.slot) from \"\(job.source.displayPath)\": \(error)",
                                   at: .asset(name: job.asset, detail: nil), fix: error.fix ?? "check the source file"))
        } catch {
            return .failure(.error("cannot encode \(job.slot): \(error)", at: .asset(name: job.asset, detail: nil),
                                   fix: "internal error, please report"))
        }
    }

    /// The bytes of `output` when the record says the previous build wrote them with this same key
    /// and the file still holds exactly those bytes (a hand-edited or corrupt file is redone).
    private static func existingOutput(_ output: String, key: String, record: BuildRecord?, catalog: SafeFiles) -> Data? {
        guard let entry = record?.files[output], entry.key == key, let data = catalog.read(output),
              Digest.sha256(data) == entry.sha256 else { return nil }
        return data
    }
}

/// Limits on decoded pixels, checked from a PNG's header before anything is allocated.
enum PixelBudget {
    /// One source image: 100 megapixels (400 MB decoded), a 10,000 px square.
    static let perImage = 100_000_000
    /// Decoded sources held at once by one build (sources are decoded in batches within it).
    static let perBuild = 200_000_000

    static func refusal(for size: PixelSize, file: String) -> Diagnostic? {
        let count = size.width * size.height
        guard count > perImage else { return nil }
        return .error("is \(size.width)x\(size.height) px (\(count / 1_000_000) megapixels), over the budget of "
                      + "\(perImage / 1_000_000) megapixels for one source image", at: .file(file),
                      fix: "export a smaller master (4096 px a side is plenty for any app icon or image), or use an SVG")
    }
}

/// A source's bytes and the facts the plan needs before any pixel is decoded.
struct SourceBytes: Sendable {
    var source: SourceRef
    var data: Data
    var sha256: String
    /// Pixel size of a bitmap source, from its header; nil for vectors (never upscaled).
    var pixels: PixelSize?
    /// Something about the file the user should know (an ICC profile that is not applied).
    var warning: Diagnostic?

    func rendered(_ data: Data, job: RenderJob, key: String, isOnDisk: Bool = false) -> RenderedFile {
        RenderedFile(data: data, source: job.source.displayPath, sourceSHA256: sha256, sourcePixels: pixels, key: key,
                     isOnDisk: isOnDisk)
    }
}

/// Reads and decodes sources, turning every failure into a diagnostic that names the file.
enum SourceLoader {
    static func read(_ source: SourceRef) -> Result<SourceBytes, Diagnostic> {
        guard let data = FileManager.default.contents(atPath: source.path) else {
            return .failure(.error("cannot read source file", at: .file(source.displayPath),
                                   fix: "check that the file exists and is readable"))
        }
        var pixels: PixelSize?
        var warning: Diagnostic?
        if source.format == .png {
            do {
                let info = try PNGCodec.info(data)
                pixels = info.size
                if let refusal = PixelBudget.refusal(for: info.size, file: source.displayPath) { return .failure(refusal) }
                if let profile = info.iccProfileName, !info.hasSRGB, SourceLoader.isWideGamut(profile: profile) {
                    warning = .warning("has the embedded colour profile \"\(profile)\", which is not applied: "
                                       + "its colours are read as sRGB and may shift", at: .file(source.displayPath),
                                       fix: "export the image in sRGB (in most editors: Convert to Profile → sRGB)")
                }
            } catch {
                return .failure(.error("\(error)", at: .file(source.displayPath),
                                       fix: "re-export the image as PNG, or use an SVG"))
            }
        }
        return .success(SourceBytes(source: source, data: data, sha256: Digest.sha256(data), pixels: pixels,
                                    warning: warning))
    }

    /// Profile names that announce a space other than sRGB (Display P3, Adobe RGB, ProPhoto, Rec. 2020).
    static func isWideGamut(profile: String) -> Bool {
        let name = profile.lowercased()
        return ["p3", "adobe", "prophoto", "2020", "dci", "wide gamut"].contains { name.contains($0) }
    }

    /// Not for `.yaml` sources (launch templates), which are read and hashed but never drawn.
    static func decode(_ bytes: SourceBytes, sandbox: VectorSandbox? = nil) -> Result<LoadedSource, Diagnostic> {
        switch bytes.source.format {
        case .yaml:
            return .failure(.error("a template is not an image", at: .file(bytes.source.displayPath),
                                   fix: "internal error, please report"))
        case .png:
            do {
                return .success(.bitmap(RasterImage(try PNGCodec.decode(bytes.data))))
            } catch {
                return .failure(.error("\(error)", at: .file(bytes.source.displayPath),
                                       fix: "re-export the image as PNG, or use an SVG"))
            }
        case .svg, .pdf:
            let isPDF = bytes.source.format == .pdf
            let file = VectorSourceFile(path: bytes.source.path, isPDF: isPDF, page: bytes.source.page ?? 1)
            do {
                if let sandbox { return .success(.vector(try VectorImage(file: file, sandbox: sandbox))) }
                return .success(.vector(try VectorImage(file: file)))
            } catch {
                return .failure(.error("\(error)", at: .file(bytes.source.displayPath),
                                       fix: error.fix ?? (isPDF ? "open the PDF in an editor and export it again"
                                                                : "open the SVG in an editor and save it again as plain SVG")))
            }
        }
    }
}
