import AssetCatalog
import AssetCore
import AssetPlan
import AssetSpec
import BuildEngine
import Foundation

/// An edit's build (issue 50): when the stamp shows that only some sources changed since the
/// last clean build (`StampChange`), the build reads again only the manifest items that draw them
/// (`EditIndex`), plans them alone, and the engine draws and writes their sets while every other
/// set, and its record, stays as it is (`Plan.editedAssets`). At 50,000 assets, one saved SVG no
/// longer parses, plans, keys and compares the whole catalog.
///
/// It is taken only when it must give what the whole build would: the stamp is one this machine
/// wrote (`StateTrust`: a stamp from a pull request never decides what is built), the last build
/// said nothing (no warning to carry over), nothing but listed source files changed (no folder,
/// no template, not the manifest), every changed file is drawn by items that plan alone, the
/// items read again give no warning and no file beside the catalog, and there are few of them.
/// Otherwise the build reads everything, as before.
package struct EditBuild {
    package var manifest: Manifest
    package var plan: Plan
    package let change: StampChange

    /// The edit's build of the manifest at `manifestPath` (as the user wrote it), or nil when the
    /// whole build must run.
    package static func prepare(_ change: StampChange, manifestPath: String, outputOverride: String?,
                                environment: [String: String], flavor: String?) -> EditBuild? {
        guard !change.other, change.noDiagnostics, !change.files.isEmpty, let index = change.index,
              let items = index.items(reading: change.files, limit: itemLimit(items: index.list.starts.count)),
              StateTrust.isTrusted(change.stampData, readFrom: change.stampPath),
              // A journal beside the record: a build was killed since; the whole build adopts it.
              FileStat.of(PathText.parent(change.stampPath) + "/" + journalName(stampPath: change.stampPath)) == nil
        else { return nil }
        let absolute = PathText.absolute(manifestPath, relativeTo: FileManager.default.currentDirectoryPath)
        let text = index.text(of: change.manifestText, keeping: items)
        guard let manifest = try? ManifestLoader.parse(text, file: manifestPath, directory: PathText.parent(absolute),
                                                       outputOverride: outputOverride, environment: environment, flavor: flavor)
        else { return nil }
        let chosen = Set(items)
        guard manifest.assets.allSatisfy({ index.list.item(holding: $0.location.line).map(chosen.contains) ?? false }),
              var plan = try? Planner.plan(manifest, tableDirectories: TemplateLocator.tableDirectories(manifest: manifest)),
              plan.warnings.isEmpty, plan.outputFiles == nil, plan.iconBundles == nil else { return nil }
        let drawn = Set(plan.sourcePaths)
        guard change.files.allSatisfy(drawn.contains) else { return nil }
        plan.editedAssets = Set(manifest.assets.map(\.name))
        return EditBuild(manifest: manifest, plan: plan, change: change)
    }

    /// The record as the engine takes it: only the parts that hold the edited sets
    /// (`BuildRecord.read(at:partsHolding:)`), with its file's stamp taken first; the whole record
    /// when it cannot be read in part.
    func knownRecord() -> BuildRecord.Snapshot {
        let path = StateFolder(plan: plan).record
        let stamp = FileStamp.ofRegularFile(path)
        let folders = plan.jobs.map(\.output) + plan.entries.map { $0.folder + "/Contents.json" } + ["Contents.json"]
        guard stamp != nil, let record = BuildRecord.read(at: path, partsHolding: folders) else {
            return BuildRecord.snapshot(at: path)
        }
        return BuildRecord.Snapshot(record: record, stamp: stamp)
    }

    /// How many items an edit's build reads again at most, of a list of `items`: 64, or a
    /// twentieth of the list when that is more (past it, the whole build costs little more).
    static func itemLimit(items: Int) -> Int { max(64, items / 20) }

    /// After a clean edit's build: the stamp as it was, with the times of the changed sources
    /// (`now`: as the build settled them), of every folder the edited sets are in, and of the
    /// record, and with the build's diagnostics. Written only when every path to update is in the
    /// stamp; otherwise the stamp stays, and the next build finds the same sources changed and
    /// builds them again (finding them up to date).
    package func recordStamp(diagnostics: [Diagnostic], now: [String: FileStat.Value?]) {
        let state = StateFolder(plan: plan)
        let catalog = plan.outputDirectory + "/" + plan.catalogFolder
        var folders = Set<String>([catalog])
        for folder in plan.jobs.map({ PathText.parent($0.output) }) + plan.entries.map(\.folder) {
            var relative = folder
            while !relative.isEmpty, relative != "/", folders.insert(catalog + "/" + relative).inserted {
                relative = PathText.parent(relative)
            }
        }
        let writer = StampPaths.Writer(bases: change.bases)
        var updates: [String: String] = [:]
        for path in change.files {
            guard let stat = now[path] ?? FileStat.value(path) else { return }
            updates[writer.written(path)] = "F \(stat.size) \(stat.mtime) "
        }
        for folder in folders {
            guard let stat = FileStat.of(folder) else { return }
            updates[writer.written(folder)] = "D \(stat.mtime) "
        }
        guard let record = FileStat.of(state.record) else { return }
        updates[writer.written(state.record)] = "F \(record.size) \(record.mtime) "
        guard let text = BuildStamp.patched(String(decoding: change.stampData, as: UTF8.self), updates: updates,
                                            diagnostics: diagnostics),
              (try? state.files.write(pieces: text, to: state.stampName)) != nil else { return }
        StateTrust.remember(state.stamp, limit: BuildStamp.maximumBytes)
    }
}

extension EditBuild {
    /// The write journal's name beside the stamp `<catalog>.stamp` (`StateFolder.journalName`).
    static func journalName(stampPath: String) -> String {
        let name = (stampPath as NSString).lastPathComponent
        return StateFolder(path: "/", catalogFolder: String(name.dropLast(".stamp".count))).journalName
    }
}

extension BuildStamp {
    /// `text` (a stamp) with the list line of each path in `updates` (written as the stamp writes
    /// it) given the new start (`F <size> <mtime> ` or `D <mtime> `), and the diagnostics line
    /// replaced; nil when a path to update has no line, or the text is not a stamp.
    static func patched(_ text: String, updates: [String: String], diagnostics: [Diagnostic]) -> [String]? {
        var lines = Lines(text)
        guard head(&lines) != nil else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let notes = try? encoder.encode(diagnostics) else { return nil }
        var headLines = text.split(separator: "\n", maxSplits: 5, omittingEmptySubsequences: false).prefix(5).map(String.init)
        guard headLines.count == 5, headLines[4].hasPrefix("diagnostics ") else { return nil }
        headLines[4] = "diagnostics " + String(decoding: notes, as: UTF8.self)
        // The unchanged lines are copied as runs of the text, cut only at a line that changes.
        var body = ""
        body.reserveCapacity(text.utf8.count)
        var left = updates.count
        var inList = true
        var runStart: String.Index?
        while let line = lines.next() {
            if runStart == nil { runStart = line.startIndex }
            if inList, line == Substring(EditIndex.marker) { inList = false }
            guard inList, left > 0, let path = listPath(line), let start = updates[String(path)],
                  let from = runStart else { continue }
            body += text[from..<line.startIndex]
            body += start + path + "\n"
            runStart = nil
            left -= 1
        }
        if let runStart { body += text[runStart...] }
        guard left == 0 else { return nil }
        return [headLines.joined(separator: "\n") + "\n", body]
    }

    /// The path of a list line as written (`F <size> <mtime> <path>`, `D <mtime> <path>`).
    static func listPath(_ line: Substring) -> Substring? {
        var spaces = line.first == "F" ? 3 : line.first == "D" ? 2 : 0
        guard spaces > 0 else { return nil }
        var index = line.utf8.startIndex
        while spaces > 0 {
            guard let space = line.utf8[index...].firstIndex(of: UInt8(ascii: " ")) else { return nil }
            index = line.utf8.index(after: space)
            spaces -= 1
        }
        return Substring(line.utf8[index...])
    }
}
