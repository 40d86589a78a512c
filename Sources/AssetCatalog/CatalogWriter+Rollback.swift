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
        for contents in failedContents.sorted() {
            let folder = PathText.parent(contents)
            guard !folder.isEmpty, catalog.read(contents) == nil else { continue }
            let inside = writtenIn[folder] ?? []
            for path in inside where catalog.remove(path) {
                new.files[path] = nil
            }
            taken.formUnion(inside)
            if !inside.isEmpty {
                report.diagnostics.append(.warning(
                    "the set \"\(folder)\" could not be completed (its Contents.json was not written), so the \(inside.count) file\(inside.count == 1 ? "" : "s") written into it \(inside.count == 1 ? "was" : "were") removed again",
                    fix: "free some space and build again"))
            }
        }
        if !taken.isEmpty { report.written.removeAll { taken.contains($0) } }
    }
}
