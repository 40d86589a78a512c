import AssetCore
import AssetPlan
import Foundation

/// The encoded bytes of one job's output and the facts about its source that the record keeps.
/// The facts its group of jobs shares (source, its digest and pixels, the key) are one `Origin`
/// the group's files hold together: a build at 50,000 assets keeps 150,000 of these in a table
/// of twice as many slots until the writer takes them (issue 38).
package struct RenderedFile: Sendable {
    package var data: Data
    /// Where the drawn bytes wait when the build holds `Budgets.heldOutputBytes` already (`data`
    /// is then empty): the writer reads them back from the spill file.
    package var spilled: FileUpdate.Spilled?
    /// SHA-256 of the bytes: known from the record for a file found on disk (whose `data` is
    /// empty when its stamp was enough, `RecordedOutput`), hashed here for a file just drawn.
    package var sha256: SHA256Digest
    /// True when `data` was just read from the output file itself (an up-to-date job): the writer
    /// then knows the file is unchanged without reading it again.
    package var isOnDisk: Bool
    /// Recorded with the file (`FileRecord.derivedChange`).
    package var derivedChange: Double?
    /// The stamp of a file found on disk (`FileStamp`).
    package var stamp: [Int]?
    package let origin: Origin

    package var source: String { origin.source }
    package var sourceSHA256: SHA256Digest? { origin.sourceSHA256 }
    package var sourcePixels: PixelSize? { origin.sourcePixels }
    package var key: SHA256Digest? { origin.key }

    /// What decided a file's bytes: its source as the manifest names it, the source's digest and
    /// pixel size, and the build key. Shared by the files of one group of jobs.
    package final class Origin: Sendable {
        package let source: String
        package let sourceSHA256: SHA256Digest?
        package let sourcePixels: PixelSize?
        package let key: SHA256Digest?

        package init(source: String, sourceSHA256: SHA256Digest?, sourcePixels: PixelSize?, key: SHA256Digest?) {
            self.source = source
            self.sourceSHA256 = sourceSHA256
            self.sourcePixels = sourcePixels
            self.key = key
        }
    }

    package init(data: Data, source: String, sourceSHA256: SHA256Digest?, sourcePixels: PixelSize?, key: SHA256Digest? = nil,
                 isOnDisk: Bool = false, derivedChange: Double? = nil, sha256: SHA256Digest? = nil, stamp: [Int]? = nil) {
        self.init(data: data, origin: Origin(source: source, sourceSHA256: sourceSHA256, sourcePixels: sourcePixels, key: key),
                  isOnDisk: isOnDisk, derivedChange: derivedChange, sha256: sha256, stamp: stamp)
    }

    package init(data: Data, origin: Origin, isOnDisk: Bool = false, derivedChange: Double? = nil, sha256: SHA256Digest? = nil,
                 stamp: [Int]? = nil) {
        self.isOnDisk = isOnDisk
        self.sha256 = sha256 ?? Digest.sha256Digest(data)
        self.stamp = stamp
        self.derivedChange = derivedChange
        self.data = data
        self.origin = origin
    }
}

/// What a catalog write did, path by path (paths inside the catalog).
package struct WriteReport: Sendable {
    package var written: [String] = []
    package var unchanged: [String] = []
    package var removed: [String] = []
    /// Failed jobs whose previous output was kept in place.
    package var keptPrevious: [String] = []
    /// Sets taken over with `adopt: true`, their earlier files moved to a backup folder.
    package var adopted: [SetAdoption] = []
    /// Sets not written because they hold files Assetsmith did not write.
    package var refusedSets: [String] = []
    package var diagnostics: [Diagnostic] = []
    /// The build record as written (or found unchanged on disk); nil when it could not be written.
    /// The stamp takes it from here instead of reading the file back (issue 38).
    package var record: BuildRecord?
    /// The record file's stamp once written (under the build lock), so that a front end that
    /// keeps `record` (watch) can tell later whether the file still holds it.
    package var recordStamp: [Int]?
    /// This build's trash folder (`Trash`) when it put anything there: every removed file, and
    /// the earlier bytes of files replaced on the word of a foreign record.
    package var trash: String?

    package init() {}
}

/// Writes a plan's catalog: `CatalogWriter.write(plan, files:failed:)`.
package enum CatalogWriter {
    /// Writes every file of `files` (keyed by job output), every Contents.json, the catalog's root
    /// Contents.json if there is none, and the build record; removes files the previous build
    /// generated that the plan no longer has. `failed` lists outputs whose job failed: a previous
    /// generated file stays in place, otherwise the slot is written without a file name.
    /// `previous` is the record as the caller already read it (read here when nil).
    /// `bundleFiles` are the `.icon` layer files by path relative to the output folder.
    package static func write(_ plan: Plan, files: consuming [String: RenderedFile], failed: Set<String>,
                              previous: BuildRecord? = nil, bundleFiles: [String: BundleFile] = [:]) -> WriteReport {
        var report = WriteReport()
        let outputFiles = SafeFiles(root: plan.outputDirectory)
        let state = StateFolder(plan: plan)
        var old = previous ?? BuildRecord.read(at: state.record) ?? BuildRecord(table: plan.table)
        let trash = Trash(plan: plan)
        // A record this machine did not write (issue 49, `StateTrust`) still says what is generated,
        // but what the build replaces or removes on its word goes to the trash first.
        let foreignRecord = !(old.files.isEmpty && (old.outputFiles ?? [:]).isEmpty) && !StateTrust.isTrusted(state.record)
        var new = BuildRecord(table: plan.table)
        new.partial = old.partial
        new.parts = old.partial == nil ? nil : old.parts
        new.files.reserveCapacity(plan.jobs.count + plan.entries.count + 1)
        new.variables = plan.variables.isEmpty ? nil : plan.variables
        let catalog = SafeFiles(root: (plan.outputDirectory as NSString).appendingPathComponent(plan.catalogFolder))
        // Files an interrupted build wrote but could not record (issue 36).
        // A journal only ever lies between a killed build and the next one here: one this
        // machine did not write is not read at all.
        let journal = StateTrust.isTrusted(state.journal) ? readJournal(state.files, catalogFolder: plan.catalogFolder) : [:]
        adopt(journal, into: &old, catalog: catalog)
        // Its temporary files too: a build killed while writing leaves them in the folders its
        // journal lists (set folders are not all listed any more, only those written into).
        for folder in Set(journal.keys.map(PathText.parent)).sorted() where !folder.isEmpty {
            catalog.removeStaleTemporaries(in: folder)
        }

        do {
            try outputFiles.makeDirectory(plan.catalogFolder)
        } catch {
            report.diagnostics.append(error)
            return report
        }

        // Temporary files of a build that was killed while writing (those in set folders are
        // removed while ownership lists each set, below).
        for folder in ["", plan.catalogFolder] {
            outputFiles.removeStaleTemporaries(in: folder)
        }
        state.files.removeStaleTemporaries(in: "")
        var (pending, missing) = collectPending(plan, files: files, failed: failed, old: old, catalog: catalog, new: &new,
                                                report: &report)
        files = [:] // listed in `pending` now: its table goes before the writes (issue 38)
        keepUnchanged(&pending, old: old, catalog: catalog, new: &new, report: &report)
        // Ownership of every set is settled before its first byte is written: a refused set gets
        // no file, and keeps what the previous build generated in it.
        settleOwnership(plan, catalog: catalog, output: outputFiles, old: old, new: &new, pending: &pending, report: &report)
        if foreignRecord { keepReplaced(pending.map { ($0.request.path, $0.record.sha256) }, catalog: catalog, plan: plan, trash: trash) }
        putInPlace(consume pending, plan: plan, old: old, journal: journal, catalog: catalog, output: outputFiles, new: &new,
                   report: &report)

        // Another flavour's files, left out by `--flavor`: kept, and kept in the record.
        if !plan.retainedAssets.isEmpty || plan.editedAssets != nil {
            for (path, record) in old.files where new.files[path] == nil && plan.retains(record.asset) {
                new.files[path] = record
            }
        }
        if foreignRecord {
            keepStale(plan, old: old, new: new, missing: missing, catalog: catalog, state: state, report: &report)
        } else {
            removeStale(plan, old: old, new: new, missing: missing, catalog: catalog, trash: trash, report: &report)
        }

        writeOutputFiles(plan, bundleFiles: bundleFiles, into: outputFiles, trash: trash, catalog: catalog, old: old, new: &new,
                         report: &report)

        if writeRecord(new, old: old, state: state, report: &report) {
            StateTrust.remember(state.record)
            removeJournal(state.files, catalogFolder: plan.catalogFolder)
            StateTrust.forget(state.journal)
        }
        finish(trash, foreignRecord: foreignRecord, state: state, report: &report)
        return report
    }

    /// Says where this build's trash is, and why when a foreign record put files there; keeps
    /// the trash of the last builds only.
    private static func finish(_ trash: Trash, foreignRecord: Bool, state: StateFolder, report: inout WriteReport) {
        if trash.kept > 0 {
            report.trash = trash.folder
            if foreignRecord {
                report.diagnostics.append(.warning(
                    "the build record \(state.recordName) was not written by a build on this machine (a checkout, a pull request or "
                        + "another machine wrote it); the \(trash.kept) file\(trash.kept == 1 ? "" : "s") it had this build replace or remove "
                        + "were kept in \(trash.folder)",
                    at: .file(state.record),
                    fix: "nothing to do if those were generated; if one was yours, move it back from the trash (and review who changed the record)"))
            }
        }
        trash.prune()
    }

    /// Stale files of a foreign record (`StateTrust`) stay where they are: a record entry alone
    /// never makes a file Assetsmith's to remove (issue 49). One warning names them.
    private static func keepStale(_ plan: Plan, old: BuildRecord, new: BuildRecord, missing: Set<String>,
                                  catalog: SafeFiles, state: StateFolder, report: inout WriteReport) {
        let stale = old.files.keys.filter { new.files.index(forKey: $0) == nil && !missing.contains($0)
            && !plan.retains(old.files[$0]?.asset ?? "") && catalog.read($0) != nil }.sorted()
        guard !stale.isEmpty else { return }
        let shown = stale.prefix(3).map { "\"\(plan.catalogFolder)/\($0)\"" }.joined(separator: ", ")
            + (stale.count > 3 ? " and \(stale.count - 3) more" : "")
        report.diagnostics.append(.warning(
            "the build record \(state.recordName) was not written by a build on this machine (a checkout, a pull request or another "
                + "machine wrote it), so the \(stale.count) file\(stale.count == 1 ? "" : "s") it lists that this manifest no longer makes "
                + "\(stale.count == 1 ? "was" : "were") left in place: \(shown)",
            at: .file(state.record), fix: "delete them yourself if they are not needed; the next build's record no longer lists them"))
    }

    /// Before files are replaced on the word of a foreign record: a copy of each existing file
    /// whose bytes are not the new ones goes to the trash.
    private static func keepReplaced(_ paths: [(String, SHA256Digest)], catalog: SafeFiles, plan: Plan, trash: Trash) {
        for (path, sha) in paths {
            guard let data = catalog.read(path), Digest.sha256Digest(data) != sha else { continue }
            trash.keepCopy(path, from: catalog, shown: plan.catalogFolder + "/" + path)
        }
    }

    /// Every file of the catalog to put in place (the root Contents.json, each job's image, each
    /// set's Contents.json) with its record, and the outputs with no file (failed, nothing earlier
    /// to keep). A file found on disk as recorded (`RenderedFile.isOnDisk`) and a failed job's
    /// earlier file go straight into `new`.
    private static func collectPending(_ plan: Plan, files: [String: RenderedFile], failed: Set<String>, old: BuildRecord,
                                       catalog: SafeFiles, new: inout BuildRecord, report: inout WriteReport)
        -> (pending: [(request: FileUpdate.Request, record: FileRecord)], missing: Set<String>) {
        var pending: [(request: FileUpdate.Request, record: FileRecord)] = []
        func put(_ data: Data, _ path: String, _ record: FileRecord, spilled: FileUpdate.Spilled? = nil) {
            var request = FileUpdate.Request(data: data, path: path, generatedBefore: old.files[path] != nil,
                                             shownIn: plan.catalogFolder)
            request.spilled = spilled
            pending.append((request, record))
        }
        // The catalog's own Contents.json: written once, never replaced if a person made one
        // (one with exactly our bytes is ours, even if an interrupted build lost its record).
        let rootContents = ContentsJSON.data([ContentsFormat.info: CatalogEntry.info])
        let existingRoot = catalog.read("Contents.json")
        if old.files["Contents.json"] != nil || existingRoot == nil || existingRoot == rootContents {
            put(rootContents, "Contents.json", FileRecord(sha256: Digest.sha256Digest(rootContents), asset: ""))
        }
        var missing: Set<String> = []
        for job in plan.jobs {
            if let file = files[job.output] {
                let record = FileRecord(sha256: file.sha256, asset: job.asset, source: file.source, sourceSHA256: file.sourceSHA256,
                                        sourcePixels: file.sourcePixels, key: file.key, derivedChange: file.derivedChange)
                if file.isOnDisk {
                    report.unchanged.append(job.output)
                    new.files[job.output] = record.stamped(file.stamp).reusing(old.files[job.output])
                } else {
                    put(file.data, job.output, record, spilled: file.spilled)
                }
            } else if failed.contains(job.output), let previous = old.files[job.output], catalog.read(job.output) != nil {
                new.files[job.output] = previous
                report.keptPrevious.append(job.output)
            } else {
                missing.insert(job.output)
            }
        }
        // Every set's Contents.json, made and hashed over the cores; one the record shows already
        // holding these bytes (`keepUnchanged`'s rule) goes straight into `new`, so the bytes of
        // the sets an edit leaves alone are not held until the writes (50,000 sets: some 30 MB).
        let absent = missing
        let entries = plan.entries
        let made = concurrentMap(entries) { entry -> (data: Data?, sha256: SHA256Digest, stamp: [Int]?) in
            let contents = ContentsJSON.data(removingFiles(absent, in: entry))
            let sha256 = Digest.sha256Digest(contents)
            let path = entry.folder + "/Contents.json"
            if let stamp = unchangedStamp(path, sha256: sha256, old: old, catalog: catalog) {
                return (nil, sha256, stamp)
            }
            return (contents, sha256, nil)
        }
        for (entry, made) in zip(entries, made) {
            guard let made else { continue }
            let path = entry.folder + "/Contents.json"
            let record = FileRecord(sha256: made.sha256, asset: entry.asset)
            if let contents = made.data {
                put(contents, path, record)
            } else {
                report.unchanged.append(path)
                new.files[path] = record.stamped(made.stamp).reusing(old.files[path])
            }
        }
        return (pending, missing)
    }

    /// The stamp of the catalog file at `path` when the record `old` shows it already holding
    /// bytes of `sha256`, untouched since (`RecordedOutput.unchangedStamp`, trusting the files
    /// looked at while the record was read); nil when it is to be written.
    private static func unchangedStamp(_ path: String, sha256: SHA256Digest, old: BuildRecord, catalog: SafeFiles) -> [Int]? {
        RecordedOutput.unchangedStamp(path, sha256: sha256, entry: old.files[path], in: catalog,
                                      checked: old.checkedAtRead?.contains(path) == true)
    }

    /// Takes out of `pending` every file the record shows already holding its bytes, untouched
    /// since (`RecordedOutput.unchangedStamp`, checked over the cores): nothing is written into
    /// them, so their sets need no settling either (issue 38: an edit that changes one set no
    /// longer lists every set folder of the catalog).
    private static func keepUnchanged(_ pending: inout [(request: FileUpdate.Request, record: FileRecord)], old: BuildRecord,
                                      catalog: SafeFiles, new: inout BuildRecord, report: inout WriteReport) {
        let stamps = concurrentMap(pending) { request, record in
            unchangedStamp(request.path, sha256: record.sha256, old: old, catalog: catalog)
        }
        // The files to write are kept in place, in order (a second list of them all cost 44 MB at
        // 50,000 assets, issue 38).
        var kept = 0
        for (index, stamp) in stamps.enumerated() {
            guard let stamp = stamp ?? nil else {
                pending.swapAt(kept, index)
                kept += 1
                continue
            }
            report.unchanged.append(pending[index].request.path)
            let path = pending[index].request.path
            new.files[path] = pending[index].record.stamped(stamp).reusing(old.files[path])
        }
        pending.removeLast(pending.count - kept)
    }

    /// Puts `pending` in place, in parallel (`RecordedOutput.apply`), with the journal of what is
    /// about to change written first; a set left incomplete by a failed write is rolled back, and
    /// folders this build created that every write into failed (a full disk) are removed again,
    /// so no empty set is left behind.
    private static func putInPlace(_ pending: consuming [(request: FileUpdate.Request, record: FileRecord)], plan: Plan,
                                   old: BuildRecord,
                                   journal: [String: [FileRecord]], catalog: SafeFiles, output: SafeFiles,
                                   new: inout BuildRecord, report: inout WriteReport) {
        let created = Set(pending.flatMap { foldersAbove($0.request.path) }).filter { folder in
            (try? catalog.resolve(folder)).map { !FileManager.default.fileExists(atPath: $0) } ?? false
        }
        var failedFolders: Set<String> = []
        // Only files whose bytes the record does not already list need the journal.
        writeJournal(journal, pending: pending.compactMap { old.files[$0.request.path]?.sha256 != $0.record.sha256 ? ($0.request.path, $0.record) : nil },
                     into: StateFolder(plan: plan).files, catalogFolder: plan.catalogFolder)
        // A few thousand files at a time: what `apply` makes per file (a copy of each request, its
        // outcome, its folder's name) then lives for one chunk, not for the whole catalog (issue 38).
        for start in stride(from: 0, to: pending.count, by: putChunk) {
            // The pages of the files let go since the last time go back (issue 38).
            if start > 0, start % (putChunk * 2) == 0 { FreedMemory.release() }
            // The bytes go with the chunk once put in place: only the paths are needed after (issue 38).
            var chunk: [(request: FileUpdate.Request, record: FileRecord)] = []
            for index in start..<min(start + putChunk, pending.count) {
                chunk.append(pending[index])
                pending[index].request.data = Data()
            }
            for ((request, record), outcome) in zip(chunk, RecordedOutput.apply(chunk, previous: old.files, in: catalog)) {
                switch outcome {
                case .unchanged(let stamp):
                    report.unchanged.append(request.path)
                    new.files[request.path] = record.stamped(stamp).reusing(old.files[request.path])
                case .written(let stamp):
                    report.written.append(request.path)
                    new.files[request.path] = record.stamped(stamp)
                case .failed(let diagnostic):
                    report.diagnostics.append(diagnostic)
                    failedFolders.formUnion(foldersAbove(request.path))
                }
            }
        }
        rollBackIncompleteSets(pending.map(\.request.path), catalog: catalog, new: &new, report: &report)
        for folder in failedFolders.intersection(created).sorted(by: { $0.count > $1.count }) {
            _ = catalog.removeDirectoryIfEmpty(folder)
        }
    }

    /// How many files `putInPlace` hands to `RecordedOutput.apply` at once.
    static let putChunk = 4096

    /// Settles who owns each set the plan writes (`SetOwnership`): files of refused sets are not
    /// written and keep their earlier record; sets taken over are written as ours.
    private static func settleOwnership(_ plan: Plan, catalog: SafeFiles, output: SafeFiles, old: BuildRecord,
                                        new: inout BuildRecord,
                                        pending: inout [(request: FileUpdate.Request, record: FileRecord)],
                                        report: inout WriteReport) {
        let ownership = SetOwnership.settle(plan, catalog: catalog, output: output, old: old,
                                            pending: Dictionary(pending.map { ($0.request.path, $0.record.sha256) },
                                                                uniquingKeysWith: { first, _ in first }))
        report.diagnostics += ownership.diagnostics
        report.adopted = ownership.adoptions
        report.refusedSets = ownership.refused.sorted()
        if !ownership.refused.isEmpty {
            func inRefusedSet(_ path: String) -> Bool { ownership.refused.contains(PathText.parent(path)) }
            pending.removeAll { inRefusedSet($0.request.path) }
            for (path, record) in old.files where inRefusedSet(path) && new.files[path] == nil { new.files[path] = record }
        }
        for index in pending.indices where ownership.takenOver.contains(pending[index].request.path) {
            pending[index].request.generatedBefore = true
        }
    }

    /// Stale files: generated last time, not part of this plan. Removed when unchanged (with the
    /// folders they leave empty); a file changed by hand stays, with a warning.
    private static func removeStale(_ plan: Plan, old: BuildRecord, new: BuildRecord, missing: Set<String>,
                                    catalog: SafeFiles, trash: Trash, report: inout WriteReport) {
        let stale = old.files.keys.filter { new.files.index(forKey: $0) == nil && !missing.contains($0) }
        for path in stale.sorted() {
            guard let record = old.files[path] else { continue }
            // The folder, and folders that held only it (a layer of an image stack that has fewer
            // layers now), go once empty.
            let found = removeIfUnchanged(path, record: record, in: catalog, shown: "\(plan.catalogFolder)/\(path)",
                                          trash: trash, report: &report)
            // Gone already: its folder too, if that is empty now (a set a failed build left).
            if !found { catalog.removeEmptyFolders(above: path) }
        }
    }

    /// Removes the generated file at `path` when its bytes are still those `record` wrote, with the
    /// folders it leaves empty; a file changed by hand stays, with a warning naming it as `shown`.
    /// False when there is no file at `path`.
    @discardableResult
    static func removeIfUnchanged(_ path: String, record: FileRecord, in files: SafeFiles, shown: String,
                                  trash: Trash, report: inout WriteReport) -> Bool {
        guard let data = files.read(path) else { return false }
        if Digest.sha256Digest(data) == record.sha256 {
            // Into the trash, never unlinked: a record can be forged (issue 49).
            if trash.take(path, from: files, shown: shown) {
                report.removed.append(path)
                files.removeEmptyFolders(above: path)
            }
        } else {
            report.diagnostics.append(.warning(
                "\"\(shown)\" is no longer generated but was changed by hand; left in place",
                fix: "delete it yourself if it is not needed"))
        }
        return true
    }

    /// The build record, written when it changed (or is missing).
    /// True when the record on disk is the new one.
    @discardableResult
    private static func writeRecord(_ new: BuildRecord, old: BuildRecord, state: StateFolder,
                                    report: inout WriteReport) -> Bool {
        do {
            let stateFiles = state.files
            let onDisk = (try? stateFiles.resolve(state.recordName)).flatMap(FileStamp.ofRegularFile) != nil
            // Parts named by their content (before issue 50) are moved into their slots, which a
            // Run Script phase's lists can declare, by the first build that writes them.
            let unslotted = old.parts?.contains { !BuildRecord.isSlotName($0) } == true
            if new != old || !onDisk || unslotted {
                try stateFiles.makeRoot()
                report.record = try new.write(into: stateFiles, at: state.recordName, replacing: old)
            } else {
                report.record = old
            }
            report.recordStamp = (try? stateFiles.resolve(state.recordName)).flatMap(FileStamp.ofRegularFile)
            return true
        } catch {
            report.diagnostics.append(error)
            return false
        }
    }

    /// The folders that hold `path`, innermost first (`A.imageset/x.png` → `A.imageset`).
    static func foldersAbove(_ path: String) -> [String] {
        var folders: [String] = []
        var folder = PathText.parent(path)
        while !folder.isEmpty {
            folders.append(folder)
            folder = PathText.parent(folder)
        }
        return folders
    }

    /// The entry's Contents.json with `filename` dropped from images whose file was not produced,
    /// so that no entry names a file that does not exist.
    static func removingFiles(_ missing: Set<String>, in entry: CatalogEntry) -> JSONValue {
        guard !missing.isEmpty, case .object(var top) = entry.contents, let images = top[ContentsFormat.images]?.arrayValue else {
            return entry.contents
        }
        top[ContentsFormat.images] = .array(images.map { image in
            guard case .object(var fields) = image, let name = fields[.filename]?.stringValue,
                  missing.contains(entry.folder + "/" + name) else { return image }
            fields[.filename] = nil
            return .object(fields)
        })
        return .object(top)
    }
}
