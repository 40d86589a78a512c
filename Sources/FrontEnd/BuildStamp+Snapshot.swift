/// What the build read, as sizes and times taken before it read them: a file saved while the
/// build runs (after it was stat'ed, before or after it was read) differs at the end, and the
/// build is then not recorded as current, so the next build reads it again instead of saying
/// "up to date" over a catalog made from the older bytes.
extension BuildStamp {
    /// Size and modification time of each path (nil: it did not exist).
    package struct Snapshot {
        package var stats: [String: FileStat.Value?] = [:]

        /// The paths whose size or time differ from now.
        package func changed() -> [String] { settled().changed }

        /// Each path stat'ed once more, at the end of the build: the paths whose size or time
        /// differ (sorted), and every path's stat as it is now, which the stamp then records
        /// instead of taking a third (`BuildStamp.record(known:)`).
        package func settled() -> (changed: [String], now: [String: FileStat.Value?]) {
            var now: [String: FileStat.Value?] = [:]
            now.reserveCapacity(stats.count)
            var changed: [String] = []
            for (path, before) in stats {
                let value = FileStat.value(path)
                now.updateValue(value, forKey: path)
                if value != before { changed.append(path) }
            }
            return (changed.sorted(), now)
        }
    }

    /// The manifest's stat alone, taken before the manifest is read.
    package static func snapshot(manifestPath: String) -> Snapshot {
        var snapshot = Snapshot()
        snapshot.add(manifestPath)
        return snapshot
    }

    /// Adds the build's inputs (sources, templates) to `snapshot`, before any is read.
    package static func snapshot(_ snapshot: Snapshot, files: BuildFiles) -> Snapshot {
        var snapshot = snapshot
        snapshot.stats.reserveCapacity(files.inputs.count)
        for path in files.inputs where snapshot.stats[path] == nil { snapshot.add(path) }
        return snapshot
    }
}

extension BuildStamp.Snapshot {
    package mutating func add(_ path: String) {
        // updateValue keeps a missing file as an entry (nil), where `stats[path] = nil` would drop it.
        stats.updateValue(FileStat.value(path), forKey: path)
    }
}

extension FileStat {
    package struct Value: Equatable {
        var size: Int64
        var mtime: Int64
    }

    /// `of(path)` as a `Value` (nil: no such file).
    package static func value(_ path: String) -> Value? {
        of(path).map { Value(size: $0.size, mtime: $0.mtime) }
    }
}
