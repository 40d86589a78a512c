import AssetCatalog
import AssetCore
import AssetPlan
import Foundation
import ImageProbe
import PNGCodec

/// The checks that need the manifest: every planned file at its exact size, no upscaled bitmap,
/// and every output up to date with its source, the manifest and the bytes the build wrote.
extension Inspection {
    /// The plan's checks, given to the catalog check (`checkCatalog(plan:)`) so that they run set
    /// by set: each set's planned files just before the catalog checks of that set, while its
    /// files are in flight, so each file is read once and forgotten with its set (issue 38).
    /// Only read once made: the shards of the catalog check share it (`sourceFacts` is each shard's).
    final class PlanCheck: @unchecked Sendable {
        let plan: Plan
        let record: BuildRecord?
        /// Indices of the plan's jobs by the folder their file goes in, in plan order.
        let jobsByFolder: [String: [Int]]
        /// Indices of the plan's catalog entries by their set folder.
        let entriesByFolder: [String: [Int]]

        init(_ plan: Plan, record: BuildRecord?) {
            self.plan = plan
            self.record = record
            jobsByFolder = Self.byFolder(plan.jobs.count) { plan.jobs[$0].output }
            entriesByFolder = Dictionary(grouping: plan.entries.indices) { plan.entries[$0].folder }
        }

        /// The positions `0..<count` by the folder of each one's path, in order. The folder is made
        /// a string once a run of paths in one folder, not once a path: the plan's jobs come sorted
        /// by path, so a set's files come together (150,000 folders made and hashed, issue 50).
        static func byFolder(_ count: Int, path: (Int) -> String) -> [String: [Int]] {
            var grouped: [String: [Int]] = [:]
            var folder: String?
            var run: [Int] = []
            func flush() {
                if let folder, !run.isEmpty { grouped[folder, default: []] += run }
                run = []
            }
            for index in 0..<count {
                let path = path(index)
                // The bytes before the last slash are the folder when they are the run's (`PathText.parent` otherwise).
                if let folder, let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), path.utf8.last != UInt8(ascii: "/"),
                   path.utf8[..<slash].elementsEqual(folder.utf8) {
                    run.append(index)
                    continue
                }
                flush()
                folder = PathText.parent(path)
                run = [index]
            }
            flush()
            return grouped
        }
    }

    /// The checks of the plan that come before any set's: every planned set exists, the catalog
    /// has a build record, and the jobs of sets that do not exist.
    func beginPlanCheck(_ check: PlanCheck) {
        checkPlannedSets(check.plan, record: check.record)
        let setless = check.jobsByFolder.filter { set(at: $0.key) == nil }.values.joined().sorted()
        for index in setless { checkJob(index, of: check) }
    }

    /// The plan's checks of `set` (its Contents.json read): the Contents.json the manifest gives,
    /// and the files it holds.
    func checkPlannedFiles(in set: CatalogSet, _ check: PlanCheck) {
        for index in check.entriesByFolder[set.path] ?? [] {
            let entry = check.plan.entries[index]
            if case .success(let contents) = set.contents, contents != entry.contents {
                add(.error, .stale, file: shown(entry.folder + "/Contents.json"), asset: entry.folder,
                    message: "is not what the manifest gives for asset \"\(entry.asset)\"; "
                        + "the manifest or the requirement table changed since the last build",
                    fix: Self.buildFix)
            }
        }
        for index in check.jobsByFolder[set.path] ?? [] { checkJob(index, of: check) }
    }

    /// One job's file: at its exact size, from a source at least as large, and up to date.
    private func checkJob(_ index: Int, of check: PlanCheck) {
        let job = check.plan.jobs[index]
        let folder = PathText.parent(job.output)
        let name = PathText.lastComponent(job.output)
        let file = shown(job.output)
        let onDisk = set(at: folder).map { exists(name, in: $0) } ?? false
        sizeCheckedByPlan.insert(job.output)

        // 1. The file, at its exact size.
        checkPlannedFile(job, onDisk: onDisk, file: file, folder: folder)

        // 2. The source: read once, hashed, and measured when it is a bitmap.
        if sourceFacts[job.source.path] == nil {
            sourceFacts[job.source.path] = readSource(job.source.path, measure: !job.source.isVector)
        }
        let facts = sourceFacts[job.source.path] ?? nil
        let recorded = check.record?.files[job.output]
        if !job.source.isVector, let pixels = facts?.pixels ?? recorded?.sourcePixels {
            if let shortfall = UpscaleRule.shortfall(job, sourcePixels: pixels) {
                add(.error, .upscaled, file: file, asset: folder,
                    message: "slot \(job.slot) " + shortfall.phrase(source: job.source.displayPath), fix: shortfall.fix)
            }
        }
        checkOverlayUpscaling(job, file: file, folder: folder)

        // 3. Up to date.
        guard let record = check.record, onDisk else { return }
        checkUpToDate(job, plan: check.plan, record: record, facts: facts, file: file, folder: folder)
    }

    /// A source as verify read it: its SHA-256 and, for a bitmap, its size.
    struct SourceFacts {
        var sha: SHA256Digest
        var pixels: PixelSize?
    }

    /// The source at `path` read (taken from `ahead` when read there), and measured when `measure`;
    /// nil when it cannot be read.
    private func readSource(_ path: String, measure: Bool) -> SourceFacts? {
        if let source = ahead.sources[path], source.measured || !measure {
            return source.read.map { SourceFacts(sha: $0.sha, pixels: measure ? $0.pixels : nil) }
        }
        return BoundedFile.boundedImage(path).map { data in
            SourceFacts(sha: Digest.sha256Digest(data), pixels: measure ? (try? PNGCodec.info(data))?.size : nil)
        }
    }

    /// Every planned set exists (what its Contents.json holds is checked at its turn), and the
    /// catalog has a build record.
    private func checkPlannedSets(_ plan: Plan, record: BuildRecord?) {
        let build = Self.buildFix
        for entry in plan.entries where set(at: entry.folder) == nil {
            add(.error, .missingFile, file: shown(entry.folder), asset: entry.folder,
                message: "the set for asset \"\(entry.asset)\" does not exist", fix: build)
        }
        if record == nil {
            add(.error, .stale, file: display, asset: nil,
                message: "has no build record (\(plan.catalogFolder).record.json in the state folder, .assetsmith beside the manifest); "
                    + "verify cannot tell whether it is up to date",
                fix: build)
        }
    }

    static let buildFix = "run `assetsmith build`"

    /// The job's file: missing (unless its Contents.json names it, reported there), a vector
    /// output of the wrong kind or page size, or a bitmap of the wrong size.
    private func checkPlannedFile(_ job: RenderJob, onDisk: Bool, file: String, folder: String) {
        let name = PathText.lastComponent(job.output)
        if !onDisk {
            // A file its Contents.json names is reported there, by the catalog check.
            let named = set(at: folder)?.images.contains { $0.image.filename == name } ?? false
            if set(at: folder) != nil, !named, !reportedMissing.contains(job.output) {
                reportedMissing.insert(job.output)
                add(.error, .missingFile, file: file, asset: folder,
                    message: "is missing: slot \(job.slot) needs a \(job.pixelSize) file", fix: Self.buildFix)
            }
        } else if let vector = job.vector {
            checkVectorOutput(job, vector, file: file, folder: folder)
        } else if let actual = pixelSize(job.output), actual != job.pixelSize {
            sizeReportedByPlan.insert(job.output)
            add(.error, .pixelSize, file: file, asset: folder,
                message: "is \(actual.width)x\(actual.height) px but slot \(job.slot) needs \(job.pixelSize)",
                fix: Self.buildFix)
        }
    }

    /// The job's file against the build record: in it, built from the sources and settings of
    /// now (its build key), and with the bytes the build wrote.
    private func checkUpToDate(_ job: RenderJob, plan: Plan, record: BuildRecord, facts: SourceFacts?,
                               file: String, folder: String) {
        let build = Self.buildFix
        guard let recorded = record.files[job.output] else {
            add(.error, .stale, file: file, asset: folder,
                message: "is not in the build record: it was not generated by the last build", fix: build)
            return
        }
        if let facts {
            for other in job.allSources.dropFirst() where sourceFacts[other.path] == nil {
                sourceFacts[other.path] = readSource(other.path, measure: false)
            }
            let known = sourceFacts
            let digest = BuildKey.sourceDigest(for: job) { path in (known[path] ?? nil)?.sha }
            let key = BuildKey.digest(for: job, sourceDigest: digest, table: plan.table, encoder: keyEncoder)
            if recorded.key != key {
                let reason = recorded.sourceSHA256 != facts.sha
                    ? "source \"\(job.source.displayPath)\" changed since the last build"
                    : record.table != plan.table || record.toolVersion != AssetCoreInfo.toolVersion
                        || (record.renderVersion ?? 1) != AssetCoreInfo.renderVersion
                    ? "the requirement table or Assetsmith changed since the last build"
                    : "the manifest changed how slot \(job.slot) is rendered since the last build"
                add(.error, .stale, file: file, asset: folder, message: "is out of date: " + reason, fix: build)
            }
        }
        if let sha = digest(job.output), sha != recorded.sha256 {
            add(.error, .modified, file: file, asset: folder,
                message: "was changed after assetsmith generated it (its bytes do not match the build record)",
                // Deleted, not rewritten in place: a build's no-op looks at the set folder's time, which
                // a file rewritten in place keeps (issue 50).
                fix: "delete it and " + build
                    + " to regenerate it; to keep a hand-made file, remove the asset from the manifest")
        }
    }

    /// A vector output must be a file of its format (the file check reports one that is not),
    /// and a PDF's first page must be the slot's size in points.
    private func checkVectorOutput(_ job: RenderJob, _ vector: VectorOutput, file: String, folder: String) {
        guard let format = format(job.output), format.rawValue == vector.format.rawValue || format == .pdf else { return }
        guard format == .pdf, vector.format == .pdf,
              let size = try? VectorReader.size(ofFileAt: absolute(job.output), format: .pdf) else { return }
        let expected = PointSize(width: vector.width, height: vector.height)
        guard abs(size.width - vector.width) > 0.01 || abs(size.height - vector.height) > 0.01 else { return }
        add(.error, .pixelSize, file: file, asset: folder,
            message: "is a \(PointSize.format(size.width))x\(PointSize.format(size.height)) pt page but slot \(job.slot) needs \(expected) pt",
            fix: "run `assetsmith build`")
    }

    /// The upscale rule for each bitmap overlay of `job` (a layer composed over its source), as the
    /// build applies it when it admits the job.
    func checkOverlayUpscaling(_ job: RenderJob, file: String, folder: String) {
        for overlay in job.overlays ?? [] where !overlay.isVector {
            guard let data = BoundedFile.boundedImage(overlay.path),
                  let pixels = (try? PNGCodec.info(data))?.size,
                  let shortfall = UpscaleRule.shortfall(job, overlay: overlay, overlayPixels: pixels) else { continue }
            add(.error, .upscaled, file: file, asset: folder,
                message: "slot \(job.slot) layer " + shortfall.phrase(source: overlay.displayPath), fix: shortfall.fix)
        }
    }
}
