import AssetCatalog
import AssetCore
import AssetPlan
import AssetSpec
import BuildEngine
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The no-op fast path of `assetsmith build`, the way make decides: after a clean build, the size
/// and modification time of every file it read (manifest, sources, templates) and every file it
/// generated are kept in `<output>/.assetsmith/<Catalog>.xcassets.stamp`, with the build's
/// warnings. The next build first checks that stamp: when the manifest's bytes and the settings
/// are the same and no listed file or watched folder changed, nothing can have changed, so it
/// prints the same warnings and summary without parsing, planning or hashing anything. Any
/// difference, or any doubt, falls back to the full incremental build.
struct BuildStamp {
    static let header = "assetsmith-stamp 1"
    /// A stamp larger than this is ignored unread (one line a file of about 140 bytes: 64 MB is
    /// some 450,000 files; 50,000 assets write about 250,000).
    static let maximumBytes = 64 << 20

    var manifestSHA: String
    var settings: String
    var assets: Int
    var jobs: Int
    var files: Int
    var diagnostics: [Diagnostic]
    /// Absolute path → (size, mtime in ns).
    var entries: [(path: String, size: Int64, mtime: Int64)]
    /// Folders whose listing matters (pattern folders, templates): path → mtime in ns.
    var folders: [(path: String, mtime: Int64)]
    /// Where the build wrote (set by `current`, for the summary).
    var outputDirectory = ""
    var catalogFolder = ""

    /// `<output>/.assetsmith/<catalogFolder>.stamp`
    static func path(outputDirectory: String, catalogFolder: String) -> String {
        outputDirectory + "/.assetsmith/" + catalogFolder + ".stamp"
    }

    /// What besides the manifest's bytes decides a build: tool, templates, output and flags.
    /// `manifestText` gives the `${NAME}` variables of badge texts, whose values decide the build too.
    static func settings(outputDirectory: String, catalogFolder: String, preview: Bool, flavor: String? = nil,
                         manifestText: String = "") -> String {
        let environment = ProcessInfo.processInfo.environment
        let templates = environment["ASSETSMITH_TEMPLATES"] ?? ""
        let executable = Bundle.main.executablePath ?? ""
        let variables = variableNames(in: manifestText).map { "\($0)=\(environment[$0] ?? "(unset)")" }
        // Kept as a digest: the text holds this machine's paths (the executable, the output),
        // which a stamp a team may commit must not (issue 35).
        return Digest.sha256(Data(([AssetCoreInfo.toolVersion, executable, templates, outputDirectory, catalogFolder,
                                    preview ? "preview" : ""]
            + (flavor.map { ["flavor=" + $0] } ?? []) + variables)
            .joined(separator: "|").utf8))
    }

    /// The names of every `${NAME}` in `text`, sorted, each once.
    static func variableNames(in text: String) -> [String] {
        ManifestLoader.variableNames(text).sorted()
    }

    // MARK: Checking

    /// The stamp, if the last build of this manifest with these options is still exactly current.
    /// A manifest over its budget, or a stamp over `maximumBytes` or not beginning with the header,
    /// is no stamp (the full build then says what is wrong), decided before either is parsed.
    static func current(manifestPath: String, outputOverride: String?, preview: Bool, flavor: String? = nil) -> BuildStamp? {
        guard let (manifestData, text, output, catalogFolder) = guessedPlace(manifestPath: manifestPath,
                                                                            outputOverride: outputOverride) else { return nil }
        guard case .success(let stampData) = BoundedFile.read(path(outputDirectory: output, catalogFolder: catalogFolder),
                                                              limit: maximumBytes),
              stampData.starts(with: Data((header + "\n").utf8)),
              let stamp = parse(String(decoding: stampData, as: UTF8.self),
                                bases: StampPaths.bases(manifestDirectory: PathText.parent(manifestPath))),
              stamp.manifestSHA == Digest.sha256(manifestData),
              stamp.settings == settings(outputDirectory: output, catalogFolder: catalogFolder, preview: preview, flavor: flavor,
                                         manifestText: text)
        else { return nil }
        for entry in stamp.entries {
            guard let now = FileStat.of(entry.path), now.size == entry.size, now.mtime == entry.mtime else { return nil }
        }
        for folder in stamp.folders {
            guard let now = FileStat.of(folder.path), now.mtime == folder.mtime else { return nil }
        }
        var found = stamp
        found.outputDirectory = output
        found.catalogFolder = catalogFolder
        return found
    }

    /// The manifest's bytes and text, and where it writes: the override, or the manifest's
    /// top-level keys read from the text (a wrong guess finds no stamp, or a stamp whose manifest
    /// digest differs). nil when the manifest cannot be read within its budget.
    private static func guessedPlace(manifestPath: String, outputOverride: String?)
        -> (data: Data, text: String, output: String, catalogFolder: String)? {
        let budget = (try? BudgetSettings.budgets())?.manifestBytes ?? Budgets.standard.manifestBytes
        guard case .success(let manifestData) = BoundedFile.read(manifestPath, limit: budget) else { return nil }
        let text = String(decoding: manifestData, as: UTF8.self)
        let place = CatalogPlace(output: outputOverride ?? topLevelValue("output", in: text),
                                 catalog: topLevelValue("catalog", in: text))
        let output = PathText.absolute(place.folder, relativeTo: outputOverride != nil
                                       ? FileManager.default.currentDirectoryPath : PathText.parent(manifestPath))
        return (manifestData, text, output, FolderKind.catalog.folder(place.catalogName))
    }

    /// Whether the build about to start will most likely draw vectors from scratch: the manifest
    /// names an SVG or PDF file, and there is no record of an earlier build where it writes (or
    /// `force`). A guess from the text, made before the manifest is parsed, only to start the first
    /// worker process while it is; the plan decides what is drawn, and a worker started for
    /// nothing is stopped at exit.
    static func drawsVectorsFromScratch(manifestPath: String, outputOverride: String?, force: Bool) -> Bool {
        guard let found = guessedPlace(manifestPath: manifestPath, outputOverride: outputOverride) else { return false }
        let text = found.text.lowercased()
        return BuildEngine.startsWorkerEarly(
            drawsVectors: text.contains(".svg") || text.contains(".pdf"),
            hasRecord: FileStat.of(BuildRecord.path(outputDirectory: found.output, catalogFolder: found.catalogFolder)) != nil,
            force: force)
    }

    /// `key: value` at the start of a line (a top-level key), without quotes or a comment.
    static func topLevelValue(_ key: String, in text: String) -> String? {
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            var value = line.dropFirst(key.count + 1)
            if let hash = value.firstIndex(of: "#") { value = value[..<hash] }
            let trimmed = value.trimmingCharacters(in: .whitespaces)
                .trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
            return trimmed.isEmpty ? nil : trimmed
        }
        return nil
    }

    // MARK: Recording

    /// Records a clean build (no errors, nothing refused). Returns nothing; a stamp that cannot be
    /// written only means the next build takes the full path.
    static func record(manifest: Manifest, manifestPath: String, plan: Plan, preview: Bool, diagnostics: [Diagnostic],
                       templateDirectories: [String], written: BuildRecord? = nil) {
        guard case .success(let manifestData) = BoundedFile.read(manifestPath, limit: Budgets.standard.manifestBytes << 10),
              let record = written ?? BuildRecord.read(at: BuildRecord.path(outputDirectory: plan.outputDirectory,
                                                                            catalogFolder: plan.catalogFolder)) else { return }
        let catalog = plan.outputDirectory + "/" + plan.catalogFolder
        let files = BuildFiles(manifest: manifest, manifestPath: manifestPath, plan: plan,
                               templateDirectories: templateDirectories)
        var paths = files.inputs + files.outputs
        paths += record.files.keys.map { catalog + "/" + $0 }
        paths += (record.outputFiles ?? [:]).keys.map { plan.outputDirectory + "/" + $0 }
        paths.append(BuildRecord.path(outputDirectory: plan.outputDirectory, catalogFolder: plan.catalogFolder))
        if preview { paths += PreviewWriter.files.map { PreviewWriter.folder(outputDirectory: plan.outputDirectory) + "/" + $0 } }
        // Any template file may become an input (a new table, a template a manifest will name).
        for directory in templateDirectories {
            for file in (try? FileManager.default.subpathsOfDirectory(atPath: directory)) ?? [] {
                paths.append(directory + "/" + file)
            }
        }
        let folders = files.folders
        var entries: [(path: String, size: Int64, mtime: Int64)] = []
        for path in Set(paths).sorted() {
            guard let stat = FileStat.of(path) else { continue }
            entries.append((path, stat.size, stat.mtime))
        }
        let folderEntries = Set(folders).sorted().compactMap { path in FileStat.of(path).map { (path: path, mtime: $0.mtime) } }
        let stamp = BuildStamp(manifestSHA: Digest.sha256(manifestData),
                               settings: settings(outputDirectory: plan.outputDirectory, catalogFolder: plan.catalogFolder,
                                                  preview: preview, flavor: manifest.selectedFlavor,
                                                  manifestText: String(decoding: manifestData, as: UTF8.self)),
                               assets: manifest.assets.count, jobs: plan.jobs.count,
                               files: record.files.count + (record.outputFiles?.count ?? 0),
                               diagnostics: diagnostics, entries: entries, folders: folderEntries)
        try? SafeFiles(root: plan.outputDirectory).write(Data(stamp.text(bases: StampPaths.bases(manifestDirectory: PathText.parent(manifestPath))).utf8),
                                                         to: ".assetsmith/\(plan.catalogFolder).stamp")
    }

    // MARK: Text form (one record per line; paths last, so they may hold spaces)

    /// The stamp's text, each path written relative to one of `bases` (`StampPaths`).
    func text(bases: [String]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let notes = (try? encoder.encode(diagnostics)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        var lines = [Self.header, "manifest \(manifestSHA)", "settings \(settings)", "summary \(assets) \(jobs) \(files)",
                     "diagnostics \(notes)"]
        lines += entries.map { "F \($0.size) \($0.mtime) \(StampPaths.written($0.path, bases: bases))" }
        lines += folders.map { "D \($0.mtime) \(StampPaths.written($0.path, bases: bases))" }
        return lines.joined(separator: "\n") + "\n"
    }

    static func parse(_ text: String, bases: [String]) -> BuildStamp? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard lines.popFirst() == Substring(header) else { return nil }
        func field(_ name: String) -> Substring? {
            guard let line = lines.popFirst(), line.hasPrefix(name + " ") else { return nil }
            return line.dropFirst(name.count + 1)
        }
        guard let sha = field("manifest"), let settings = field("settings"), let summary = field("summary"),
              let notes = field("diagnostics"),
              let diagnostics = try? JSONDecoder().decode([Diagnostic].self, from: Data(notes.utf8)) else { return nil }
        let counts = summary.split(separator: " ").compactMap { Int($0) }
        guard counts.count == 3 else { return nil }
        var entries: [(path: String, size: Int64, mtime: Int64)] = []
        var folders: [(path: String, mtime: Int64)] = []
        for line in lines where !line.isEmpty {
            let parts = line.split(separator: " ", maxSplits: line.hasPrefix("F ") ? 3 : 2, omittingEmptySubsequences: false)
            if parts.first == "F", parts.count == 4, let size = Int64(parts[1]), let mtime = Int64(parts[2]) {
                entries.append((StampPaths.read(String(parts[3]), bases: bases), size, mtime))
            } else if parts.first == "D", parts.count == 3, let mtime = Int64(parts[1]) {
                folders.append((StampPaths.read(String(parts[2]), bases: bases), mtime))
            } else {
                return nil
            }
        }
        return BuildStamp(manifestSHA: String(sha), settings: String(settings), assets: counts[0], jobs: counts[1],
                          files: counts[2], diagnostics: diagnostics, entries: entries, folders: folders)
    }
}

/// Size and modification time (ns) of a file or folder, without following a final symlink's
/// target's identity (lstat would miss a changed target; stat is what a build reads through).
enum FileStat {
    static func of(_ path: String) -> (size: Int64, mtime: Int64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if os(Linux)
        let mtime = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #else
        let mtime = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #endif
        return (Int64(info.st_size), mtime)
    }
}
