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
/// generated are kept in `<state>/<Catalog>.xcassets.stamp` (`StateFolder`: `.assetsmith` beside the manifest), with the build's
/// warnings. The next build first checks that stamp: when the manifest's bytes and the settings
/// are the same and no listed file or watched folder changed, nothing can have changed, so it
/// prints the same warnings and summary without parsing, planning or hashing anything. Any
/// difference, or any doubt, falls back to the full incremental build.
package struct BuildStamp {
    package static let header = "assetsmith-stamp 2"
    /// A stamp larger than this is ignored unread (one line a file of about 140 bytes: 64 MB is
    /// some 450,000 files; 50,000 assets write about 250,000).
    package static let maximumBytes = 64 << 20

    package var manifestSHA: String
    package var settings: String
    package var assets: Int
    package var jobs: Int
    package var files: Int
    package var diagnostics: [Diagnostic]
    /// Absolute path → (size, mtime in ns).
    package var entries: [(path: String, size: Int64, mtime: Int64)]
    /// Folders whose listing matters (pattern folders, templates): path → mtime in ns.
    package var folders: [(path: String, mtime: Int64)]
    /// Where the build wrote (set by `current`, for the summary).
    package var outputDirectory = ""
    package var catalogFolder = ""
    /// The state folder the stamp was read from (set by `current`).
    package var stateDirectory = ""
    /// Which manifest items read which source (`EditIndex`), written at the stamp's end.
    package var index: EditIndex?

    /// The state folder the manifest's text names (`state:`, `.assetsmith` beside it by default),
    /// read before the manifest is parsed, as `guessedPlace` reads the output.
    /// With `--output` (`output`, the folder it names) and no `state:`, the state goes with the
    /// output, as `ManifestLoader` decides.
    package static func guessedState(manifestPath: String, text: String, catalogFolder: String, output: String? = nil) -> StateFolder {
        if topLevelValue("state", in: text) == nil, let output {
            return StateFolder.legacy(outputDirectory: output, catalogFolder: catalogFolder)
        }
        let folder = PathText.parent(manifestPath)
        let path = topLevelValue("state", in: text).map { PathText.absolute($0, relativeTo: folder) }
            ?? Manifest.defaultState(directory: folder, file: manifestPath)
        return StateFolder(path: path, catalogFolder: catalogFolder)
    }

    /// What besides the manifest's bytes decides a build: tool, templates, output and flags.
    /// `manifestText` gives the `${NAME}` variables of badge texts, whose values decide the build too.
    package static func settings(outputDirectory: String, catalogFolder: String, preview: Bool, flavor: String? = nil,
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
    package static func variableNames(in text: String) -> [String] {
        ManifestLoader.variableNames(text).sorted()
    }

    // MARK: Checking

    /// The stamp, if the last build of this manifest with these options is still exactly current.
    /// `changed`: the first listed file found changed, when that is why there is no stamp (a build
    /// that will draw an edited SVG starts its worker at once: `drawsVectorsFromChange`).
    package static func current(manifestPath: String, outputOverride: String?, preview: Bool, flavor: String? = nil,
                                changed: inout String?) -> BuildStamp? {
        switch check(manifestPath: manifestPath, outputOverride: outputOverride, preview: preview, flavor: flavor) {
        case .current(let stamp): return stamp
        case .changed(let change):
            changed = change.files.first
            return nil
        case .none: return nil
        }
    }

    /// What the stamp says of the build about to start. A manifest over its budget, or a stamp
    /// over `maximumBytes` or not beginning with the header, is no stamp (the full build then says
    /// what is wrong), decided before either is parsed. The manifest's digest and the settings are
    /// compared first; then every listed file and folder is stat'ed, the list split over the cores
    /// (at 50,000 assets some 100,000 lines). The stamp found current keeps no file list.
    package static func check(manifestPath: String, outputOverride: String?, preview: Bool, flavor: String? = nil) -> StampCheck {
        guard let (manifestData, text, output, catalogFolder) = guessedPlace(manifestPath: manifestPath,
                                                                            outputOverride: outputOverride) else { return .none }
        let state = guessedState(manifestPath: manifestPath, text: text, catalogFolder: catalogFolder,
                                 output: outputOverride != nil ? output : nil)
        guard case .success(let stampData) = BoundedFile.read(state.stamp, limit: maximumBytes),
              stampData.starts(with: Data((header + "\n").utf8)) else { return .none }
        let stampText = String(decoding: stampData, as: UTF8.self)
        var lines = Lines(stampText)
        guard let head = head(&lines),
              head.manifestSHA == Digest.sha256(manifestData),
              head.settings == settings(outputDirectory: output, catalogFolder: catalogFolder, preview: preview, flavor: flavor,
                                        manifestText: text)
        else { return .none }
        let bases = StampPaths.bases(manifestDirectory: PathText.parent(manifestPath))
        // The list's lines by where they start in the text (no string, no substring a line).
        var list: [Int] = []
        var indexFollows = false
        let listStart = stampText.utf8.distance(from: stampText.utf8.startIndex, to: lines.position)
        var stampBytes = stampText
        stampBytes.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            var start = listStart
            while start < bytes.count {
                var end = bytes.count
                if let feed = memchr(base + start, 10, bytes.count - start) { end = UnsafeRawPointer(feed) - UnsafeRawPointer(base) }
                if end - start == EditIndex.marker.utf8.count, EditIndex.marker.utf8.elementsEqual(bytes[start..<end]) {
                    indexFollows = true
                    lines.skip(to: stampText.utf8.index(stampText.utf8.startIndex, offsetBy: min(end + 1, bytes.count)))
                    break
                }
                if end > start { list.append(start) }
                start = end + 1
            }
        }
        let looked = look(at: list, in: stampText, bases: bases)
        if looked.files.isEmpty && !looked.other {
            guard let diagnostics = head.diagnostics() else { return .none }
            var found = BuildStamp(manifestSHA: String(head.manifestSHA), settings: String(head.settings), assets: head.counts[0],
                                   jobs: head.counts[1], files: head.counts[2], diagnostics: diagnostics, entries: [], folders: [])
            found.outputDirectory = output
            found.catalogFolder = catalogFolder
            found.stateDirectory = state.path
            return .current(found)
        }
        var change = StampChange(files: looked.files, other: looked.other, noDiagnostics: head.notes == "[]",
                                 counts: head.counts, stampData: stampData, manifestText: text, bases: bases,
                                 stampPath: state.stamp)
        if indexFollows, !looked.other {
            let writer = StampPaths.Writer(bases: bases)
            change.index = EditIndex.parse(&lines, bases: bases, only: Set(looked.files.map { Substring(writer.written($0)) }))
        }
        return .changed(change)
    }

    /// The files of the stamp lines starting at `list` (byte offsets in `text`) that changed, at
    /// most `StampChange.mostFiles`, and whether anything else differs: a folder, a line not as
    /// written, or more files than that. Each path is put together in one buffer a thread from the
    /// text's bytes (`StampPaths.read`'s rule), and only a changed one is made a string: at 50,000
    /// assets the list is some 100,000 lines.
    static func look(at list: [Int], in text: String, bases: [String]) -> (files: [String], other: Bool) {
        let baseBytes = bases.map { Array($0.utf8) }
        let parts = parallelChunks(list, threads: ProcessInfo.processInfo.activeProcessorCount) { chunk -> [(files: [String], other: Bool)] in
            var text = text
            return text.withUTF8 { bytes -> [(files: [String], other: Bool)] in
                guard let base = bytes.baseAddress else { return [([], true)] }
                var files: [String] = []
                var buffer: [UInt8] = []
                buffer.reserveCapacity(1024)
                for start in chunk {
                    var end = bytes.count
                    if let feed = memchr(base + start, 10, bytes.count - start) { end = UnsafeRawPointer(feed) - UnsafeRawPointer(base) }
                    let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    guard let parsed = StatLine(bytes: line) else { return [(files, true)] }
                    parsed.fill(&buffer, line: line, bases: baseBytes)
                    let now = buffer.withUnsafeBufferPointer { path in
                        path.baseAddress?.withMemoryRebound(to: CChar.self, capacity: path.count) { FileStat.of(cString: $0) }
                    }
                    guard let now, now.mtime == parsed.mtime, parsed.size.map({ $0 == now.size }) ?? true else {
                        guard parsed.size != nil else { return [(files, true)] }
                        files.append(String(decoding: buffer.dropLast(), as: UTF8.self))
                        if files.count > StampChange.mostFiles { return [(files, true)] }
                        continue
                    }
                }
                return [(files, false)]
            }
        }
        let files = parts.flatMap(\.files)
        return (Array(files.prefix(StampChange.mostFiles)), parts.contains(where: \.other) || files.count > StampChange.mostFiles)
    }

    /// The manifest's bytes and text, and where it writes: the override, or the manifest's
    /// top-level keys read from the text (a wrong guess finds no stamp, or a stamp whose manifest
    /// digest differs). nil when the manifest cannot be read within its budget.
    package static func guessedPlace(manifestPath: String, outputOverride: String?)
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
    /// `prefetch` starts reading the build record where the text says it is (nil when the
    /// manifest cannot be read or there is no record there), with the catalog's files unless
    /// `force` (which trusts none), while the manifest is parsed (`BuildRecord.Prefetch`).
    package static func drawsVectorsFromScratch(manifestPath: String, outputOverride: String?, force: Bool)
        -> (draws: Bool, prefetch: BuildRecord.Prefetch?) {
        guard let found = guessedPlace(manifestPath: manifestPath, outputOverride: outputOverride) else { return (false, nil) }
        let text = found.text.lowercased()
        let recordPath = guessedState(manifestPath: manifestPath, text: found.text, catalogFolder: found.catalogFolder,
                                      output: outputOverride != nil ? found.output : nil).record
        let hasRecord = FileStat.of(recordPath) != nil
        let draws = BuildEngine.startsWorkerEarly(drawsVectors: text.contains(".svg") || text.contains(".pdf"),
                                                  hasRecord: hasRecord, force: force)
        let catalog = force ? nil : found.output + "/" + found.catalogFolder
        return (draws, hasRecord ? BuildRecord.Prefetch(path: recordPath, catalog: catalog) : nil)
    }

    /// Whether the input the stamp check found changed (`current`'s `changed`) is a vector
    /// source, which the build will draw in a worker: one SVG saved among thousands then has its
    /// worker started while the manifest is read, not when the drawing asks for it (issue 38).
    package static func drawsVectorsFromChange(_ changed: String?) -> Bool {
        guard let changed else { return false }
        let name = changed.lowercased()
        return name.hasSuffix(".svg") || name.hasSuffix(".pdf")
    }

    /// `key: value` at the start of a line (a top-level key), without quotes or a comment. The
    /// lines are walked by their bytes and only one that starts with the key is looked at (a
    /// manifest of 50,000 assets has as many lines, read three times by every no-op, issue 50).
    package static func topLevelValue(_ key: String, in text: String) -> String? {
        let prefix = Array((key + ":").utf8)
        var text = text
        // The line holding the key, found with `memchr` from line start to line start.
        let found: Range<Int>? = text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return nil }
            var start = 0
            while start < bytes.count {
                var end = bytes.count
                if let feed = memchr(base + start, 10, bytes.count - start) { end = UnsafeRawPointer(feed) - UnsafeRawPointer(base) }
                if end - start >= prefix.count, bytes[start] == prefix[0],
                   prefix.indices.allSatisfy({ bytes[start + $0] == prefix[$0] }) {
                    return start..<end
                }
                start = end + 1
            }
            return nil
        }
        guard let found else { return nil }
        let utf8 = text.utf8
        var line = Substring(utf8[utf8.index(utf8.startIndex, offsetBy: found.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: found.upperBound)])
        if line.hasSuffix("\r") { line = line.dropLast() }
        var value = line.dropFirst(key.count + 1)
        if let hash = value.firstIndex(of: "#") { value = value[..<hash] }
        let trimmed = value.trimmingCharacters(in: .whitespaces)
            .trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// Size and modification time (ns) of a file or folder, without following a final symlink's
/// target's identity (lstat would miss a changed target; stat is what a build reads through).
package enum FileStat {
    package static func of(_ path: String) -> (size: Int64, mtime: Int64)? {
        path.withCString { of(cString: $0) }
    }

    /// `of` for a path already in bytes, ending in NUL (the stamp's check makes no string a line).
    package static func of(cString path: UnsafePointer<CChar>) -> (size: Int64, mtime: Int64)? {
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

/// What `BuildStamp.check` found.
package enum StampCheck {
    /// Nothing changed since the last clean build.
    case current(BuildStamp)
    /// The manifest and settings are the same, and some listed files changed.
    case changed(StampChange)
    /// No stamp, or one of another manifest or other settings.
    case none
}

/// A stamp whose manifest and settings agree with the build about to start, and the files
/// listed in it that changed: what an edit's build starts from (`EditBuild`).
package struct StampChange {
    /// At most this many changed files are named; more is `other`.
    package static let mostFiles = 64
    /// The listed files that changed (absolute), in the stamp's order.
    package var files: [String]
    /// Something else changed too: a folder (a set folder of the catalog, a template folder, a
    /// pattern's folder), or more files than `mostFiles`.
    package var other: Bool
    /// The last clean build said nothing (no warning, no note).
    package var noDiagnostics: Bool
    /// Assets, jobs and files of the last build.
    package var counts: [Int]
    /// The stamp as read (patched by an edit's build: `BuildStamp.patched`).
    package var stampData: Data
    /// The manifest's text as read for the check.
    package var manifestText: String
    package var bases: [String]
    package var stampPath: String
    /// The stamp's `EditIndex`, when it has one and only files changed.
    package var index: EditIndex?
}
