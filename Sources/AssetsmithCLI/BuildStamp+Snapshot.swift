import AssetCore
import AssetPlan
import AssetSpec

/// What the build read, as sizes and times taken before it read them: a file saved while the
/// build runs (after it was stat'ed, before or after it was read) differs at the end, and the
/// build is then not recorded as current, so the next build reads it again instead of saying
/// "up to date" over a catalog made from the older bytes.
extension BuildStamp {
    /// Size and modification time of each path (nil: it did not exist).
    struct Snapshot {
        var stats: [String: FileStat.Value?] = [:]

        /// The paths whose size or time differ from now.
        func changed() -> [String] {
            stats.sorted { $0.key < $1.key }.filter { path, before in
                FileStat.of(path).map { FileStat.Value(size: $0.size, mtime: $0.mtime) } != before
            }.map(\.key)
        }
    }

    /// The manifest's stat alone, taken before the manifest is read.
    static func snapshot(manifestPath: String) -> Snapshot {
        var snapshot = Snapshot()
        snapshot.add(manifestPath)
        return snapshot
    }

    /// Adds the build's inputs (sources, templates) to `snapshot`, before any is read.
    static func snapshot(_ snapshot: Snapshot, manifest: Manifest, manifestPath: String, plan: Plan,
                         templateDirectories: [String]) -> Snapshot {
        var snapshot = snapshot
        let files = BuildFiles(manifest: manifest, manifestPath: manifestPath, plan: plan, templateDirectories: templateDirectories)
        for path in files.inputs where snapshot.stats[path] == nil { snapshot.add(path) }
        return snapshot
    }
}

extension BuildStamp.Snapshot {
    mutating func add(_ path: String) {
        // updateValue keeps a missing file as an entry (nil), where `stats[path] = nil` would drop it.
        stats.updateValue(FileStat.of(path).map { FileStat.Value(size: $0.size, mtime: $0.mtime) }, forKey: path)
    }
}

extension FileStat {
    struct Value: Equatable {
        var size: Int64
        var mtime: Int64
    }
}
