import AssetCore
import Foundation

/// A set this build could not complete is taken back: when the write of a set's Contents.json
/// failed (a full disk) and the set folder holds none, the files this build wrote into it are
/// removed again (they are ours, written moments ago), so no set folder holding a PNG without a
/// Contents.json is left for `verify` to fail on and for later builds to treat as someone else's.
extension CatalogWriter {
    static func rollBackIncompleteSets(_ attempted: [String], catalog: SafeFiles, new: inout BuildRecord,
                                       report: inout WriteReport) {
        let failedContents = Set(attempted.filter { PathText.lastComponent($0) == "Contents.json" })
            .subtracting(report.written).subtracting(report.unchanged)
        guard !failedContents.isEmpty else { return }
        // The files written, by folder, looked up per set: a full disk at 50,000 sets fails
        // every set at once, and a scan of the written files per set took twenty minutes.
        let writtenIn = Dictionary(grouping: report.written, by: PathText.parent)
        var taken: Set<String> = []
        var undone: [(folder: String, files: Int)] = []
        for contents in failedContents.sorted() {
            let folder = PathText.parent(contents)
            guard !folder.isEmpty, catalog.read(contents) == nil else { continue }
            let inside = writtenIn[folder] ?? []
            for path in inside where catalog.remove(path) {
                new.files[path] = nil
            }
            taken.formUnion(inside)
            if !inside.isEmpty { undone.append((folder, inside.count)) }
        }
        report.diagnostics += undoneWarnings(undone)
        if !taken.isEmpty { report.written.removeAll { taken.contains($0) } }
    }

    /// One warning a set taken back, up to three; past that one warning naming the first three
    /// (a full disk takes back hundreds of sets at once).
    static func undoneWarnings(_ undone: [(folder: String, files: Int)]) -> [Diagnostic] {
        func files(_ count: Int) -> String { "\(count) file\(count == 1 ? "" : "s")" }
        guard undone.count > 3 else {
            return undone.map { folder, count in
                .warning("the set \"\(folder)\" could not be completed (its Contents.json was not written), so the \(files(count)) written into it \(count == 1 ? "was" : "were") removed again",
                         fix: "free some space and build again")
            }
        }
        let named = undone.prefix(3).map { "\"\($0.folder)\"" }.joined(separator: ", ")
        return [.warning("\(undone.count) sets could not be completed (their Contents.json was not written), so the \(files(undone.reduce(0) { $0 + $1.files })) written into them were removed again: \(named) and \(undone.count - 3) more",
                         fix: "free some space and build again")]
    }
}
