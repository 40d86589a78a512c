import AssetCatalog
import AssetCore
import AssetPlan
import AssetSpec
import BuildEngine
import Foundation

// MARK: Recording

extension BuildStamp {
    /// Records a clean build (no errors, nothing refused). Returns nothing; a stamp that cannot be
    /// written only means the next build takes the full path.
    /// `files` is the build's one `BuildFiles`; `known` the stats the build took of its inputs at its
    /// end (`Snapshot.settled`), recorded as they are rather than taken a third time.
    /// `assets` is how many the manifest lists (its list may have been let go by then).
    package static func record(manifest: Manifest, assets: Int, manifestPath: String, plan: Plan, files: BuildFiles, preview: Bool,
                       diagnostics: [Diagnostic], templateDirectories: [String], written: BuildRecord? = nil,
                       known: [String: FileStat.Value?] = [:]) {
        guard case .success(let manifestData) = BoundedFile.read(manifestPath, limit: Budgets.standard.manifestBytes << 10),
              let record = written ?? BuildRecord.read(at: StateFolder(plan: plan).record) else { return }
        let entries = fileEntries(plan: plan, files: files, record: record, preview: preview,
                                  templateDirectories: templateDirectories, known: known)
        let folderEntries = files.folders.compactMap { path in FileStat.of(path).map { (path: path, mtime: $0.mtime) } }
        let stamp = BuildStamp(manifestSHA: Digest.sha256(manifestData),
                               settings: settings(outputDirectory: plan.outputDirectory, catalogFolder: plan.catalogFolder,
                                                  preview: preview, flavor: manifest.selectedFlavor,
                                                  manifestText: String(decoding: manifestData, as: UTF8.self)),
                               assets: assets, jobs: plan.jobs.count,
                               files: record.files.count + (record.outputFiles?.count ?? 0),
                               diagnostics: diagnostics, entries: entries, folders: folderEntries)
        let bases = StampPaths.bases(manifestDirectory: PathText.parent(manifestPath))
        let state = StateFolder(plan: plan)
        try? state.files.makeRoot()
        try? state.files.write(pieces: stamp.pieces(bases: bases), to: state.stampName)
    }

    /// Every file the stamp lists, with its size and time: the build's inputs first (what an edit
    /// changes, so that `current` meets a changed source before the thousands of outputs), then
    /// every file it wrote or may read, each part sorted, each file once. A fact the build already
    /// has is not taken again: an input's stat from `known`, and an output of this plan's stamp
    /// in the record the writer just made (`FileRecord.stamp`, taken as it wrote or checked it).
    package static func fileEntries(plan: Plan, files: BuildFiles, record: BuildRecord, preview: Bool,
                            templateDirectories: [String], known: [String: FileStat.Value?])
        -> [(path: String, size: Int64, mtime: Int64)] {
        let planned = BuildFiles.outputs(of: plan)
        var entries: [(path: String, size: Int64, mtime: Int64)] = []
        entries.reserveCapacity(files.inputs.count + planned.count + 100)
        func add(_ path: String, _ stat: FileStat.Value?) {
            if let stat { entries.append((path, stat.size, stat.mtime)) }
        }
        for path in files.inputs { add(path, known[path] ?? FileStat.value(path)) }
        let inputs = Set(files.inputs)
        let (outputs, recorded) = recordedOutputs(plan: plan, planned: planned, record: record)
        let others = otherFiles(plan: plan, planned: planned, record: record, allPlanned: recorded == record.files.count,
                                preview: preview, templateDirectories: templateDirectories)
        // Both sorted: merged in order, a path in both taken once with the output's stamp.
        var (next, other) = (0, 0)
        while next < outputs.count || other < others.count {
            let takeOutput = other == others.count || (next < outputs.count && outputs[next].path <= others[other])
            let path = takeOutput ? outputs[next].path : others[other]
            if !takeOutput || (other < others.count && others[other] == path) { other += 1 }
            let stamp = takeOutput ? outputs[next].stamp : nil
            if takeOutput { next += 1 }
            if !inputs.contains(path) { add(path, stamp ?? FileStat.value(path)) }
        }
        return entries
    }

    /// This plan's outputs (`planned`, sorted: `BuildFiles.outputs`), each with the stamp the record
    /// keeps of it, if any; and how many of them the record lists.
    private static func recordedOutputs(plan: Plan, planned: [String], record: BuildRecord)
        -> (outputs: [(path: String, stamp: FileStat.Value?)], recorded: Int) {
        let prefix = plan.outputDirectory + "/" + plan.catalogFolder + "/"
        let length = prefix.utf8.count
        // Compared and cut by bytes (a path spelt otherwise is simply stat'ed), over the cores.
        let looked = parallelChunks(planned, threads: ProcessInfo.processInfo.activeProcessorCount) { chunk in
            chunk.map { path -> (path: String, stamp: FileStat.Value?, recorded: Bool) in
                guard path.utf8.starts(with: prefix.utf8),
                      let file = record.files[String(Substring(path.utf8.dropFirst(length)))] else { return (path, nil, false) }
                guard let stamp = file.stamp, stamp.count == 3 else { return (path, nil, true) }
                return (path, FileStat.Value(size: Int64(stamp[0]), mtime: Int64(stamp[1]) * 1_000_000_000 + Int64(stamp[2])), true)
            }
        }
        return (looked.map { ($0.path, $0.stamp) }, looked.reduce(0) { $0 + ($1.recorded ? 1 : 0) })
    }

    /// The other files the stamp lists, sorted, each once: the record's files this plan does not
    /// write (kept for another flavour), its side files, the record itself, the preview and every
    /// template file (any may become an input: a new table, a template a manifest will name).
    /// `allPlanned`: every file of the record is one of the plan's outputs (as after a build of
    /// every flavour), so none is looked for.
    private static func otherFiles(plan: Plan, planned: [String], record: BuildRecord, allPlanned: Bool, preview: Bool,
                                   templateDirectories: [String]) -> [String] {
        let catalog = plan.outputDirectory + "/" + plan.catalogFolder
        var others: [String] = []
        if !allPlanned {
            let planned = Set(planned)
            others += record.files.keys.map { catalog + "/" + $0 }.filter { !planned.contains($0) }
        }
        others += (record.outputFiles ?? [:]).keys.map { plan.outputDirectory + "/" + $0 }
        others.append(StateFolder(plan: plan).record)
        if preview { others += StateFolder.previewFiles.map { StateFolder(plan: plan).path + "/" + $0 } }
        for directory in templateDirectories {
            for file in (try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? [] {
                others.append(directory + "/" + file)
            }
        }
        return BuildFiles.sortedOnce(others)
    }
}
