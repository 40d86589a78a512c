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
                       known: [String: FileStat.Value?] = [:], index: EditIndex? = nil) {
        guard case .success(let manifestData) = BoundedFile.read(manifestPath, limit: Budgets.standard.manifestBytes << 10),
              let record = written ?? BuildRecord.read(at: StateFolder(plan: plan).record) else { return }
        let entries = fileEntries(plan: plan, files: files, record: record, preview: preview,
                                  templateDirectories: templateDirectories, known: known)
        let folders = BuildFiles.sortedOnce(files.folders + catalogFolders(plan: plan, record: record))
        let folderEntries = parallelChunks(folders, threads: ProcessInfo.processInfo.activeProcessorCount) { chunk in
            chunk.compactMap { path in FileStat.of(path).map { (path: path, mtime: $0.mtime) } }
        }
        var stamp = BuildStamp(manifestSHA: Digest.sha256(manifestData),
                               settings: settings(outputDirectory: plan.outputDirectory, catalogFolder: plan.catalogFolder,
                                                  preview: preview, flavor: manifest.selectedFlavor,
                                                  manifestText: String(decoding: manifestData, as: UTF8.self)),
                               assets: assets, jobs: plan.jobs.count,
                               files: record.files.count + (record.outputFiles?.count ?? 0),
                               diagnostics: diagnostics, entries: entries, folders: folderEntries)
        stamp.index = index
        let bases = StampPaths.bases(manifestDirectory: PathText.parent(manifestPath))
        let state = StateFolder(plan: plan)
        try? state.files.makeRoot()
        if (try? state.files.write(pieces: stamp.pieces(bases: bases), to: state.stampName)) != nil {
            StateTrust.remember(state.stamp, limit: maximumBytes)
        }
    }

    /// Every folder of the catalog that holds a file the record lists, the catalog itself
    /// included (absolute, unsorted): the stamp keeps each one's time, not each file's (issue 50:
    /// a no-op at 50,000 assets looked at 200,000 files). A file added, removed or replaced in a
    /// set (a save, a checkout, a delete) changes its folder's time; a file a tool rewrites in
    /// place does not, and is found by the next build that reads the record, or `verify`.
    static func catalogFolders(plan: Plan, record: BuildRecord) -> [String] {
        let catalog = plan.outputDirectory + "/" + plan.catalogFolder
        var folders = Set<String>([""])
        folders.reserveCapacity(record.files.count / 3)
        for path in record.files.keys {
            var parent = PathText.parent(path)
            while !parent.isEmpty, parent != "/", folders.insert(parent).inserted { parent = PathText.parent(parent) }
        }
        return folders.map { $0.isEmpty ? catalog : catalog + "/" + $0 }
    }

    /// Every file the stamp lists, with its size and time: the build's inputs first (what an edit
    /// changes), then every file outside the catalog it wrote or may read (side files, the record,
    /// the preview, the templates), each part sorted, each file once. An input's stat is taken
    /// from `known` (the build's own, taken as it settled).
    package static func fileEntries(plan: Plan, files: BuildFiles, record: BuildRecord, preview: Bool,
                            templateDirectories: [String], known: [String: FileStat.Value?])
        -> [(path: String, size: Int64, mtime: Int64)] {
        var entries: [(path: String, size: Int64, mtime: Int64)] = []
        entries.reserveCapacity(files.inputs.count + 100)
        func add(_ path: String, _ stat: FileStat.Value?) {
            if let stat { entries.append((path, stat.size, stat.mtime)) }
        }
        for path in files.inputs { add(path, known[path] ?? FileStat.value(path)) }
        let inputs = Set(files.inputs)
        for path in otherFiles(plan: plan, record: record, preview: preview, templateDirectories: templateDirectories)
        where !inputs.contains(path) {
            add(path, FileStat.value(path))
        }
        return entries
    }

    /// The files outside the catalog the stamp lists, sorted, each once: the plan's side files and
    /// the record's (another flavour's), the record itself, the preview and every template file
    /// (any may become an input: a new table, a template a manifest will name).
    private static func otherFiles(plan: Plan, record: BuildRecord, preview: Bool, templateDirectories: [String]) -> [String] {
        var others = plan.sideFilePaths.map { (plan.outputDirectory as NSString).appendingPathComponent($0) }
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
