import AssetCore
import Dispatch
import Foundation

extension BuildRecord {
    /// The build record read on another thread while the manifest is parsed and planned (issue 38:
    /// at 4,000 assets decoding the record took about 80 ms and parsing the manifest 100, one after
    /// the other, in a build for one edited source). The path is a guess made before the manifest
    /// is parsed (`BuildStamp`); what was read serves only a build whose record has that path and
    /// whose file still has the stamp it had when read (`snapshot(at:knowing:)`), so a wrong guess
    /// or a record rewritten meanwhile is read again as before.
    package final class Prefetch: Sendable {
        package let path: String
        private let read: Later<Snapshot>

        /// Starts reading the record at `path`, then looking at the files it lists in `catalog`
        /// (the catalog folder's absolute path; nil: not looked at): those with the size and time
        /// the record has for them are `checkedAtRead`, so the build does not stat 16,000 files
        /// one by one after planning (issue 38).
        package init(path: String, catalog: String? = nil) {
            self.path = path
            read = Later {
                // One core fewer than there are: the parse this overlaps keeps one (on 2 cores,
                // two threads here slowed the manifest's parse as much as they saved).
                let lanes = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
                var snapshot = BuildRecord.snapshot(at: path, lanes: lanes)
                // What decoding the parts freed goes back now, not at the build's first trim.
                FreedMemory.release()
                // The files are looked at while the build goes on: the namespace check needs the
                // record only, the up-to-date check (which waits for them) comes later.
                if let catalog, let record = snapshot.record {
                    snapshot.record?.checkedAtRead = CheckedFiles(Later {
                        BuildRecord.unchangedFiles(of: record, in: SafeFiles(root: catalog), lanes: lanes)
                    })
                }
                return snapshot
            }
        }

        /// The snapshot read, once it is, when the record wanted is the one at `path`; nil otherwise.
        package func snapshot(for wanted: String) -> Snapshot? {
            guard wanted == path else { return nil }
            return read.value
        }
    }
}

extension BuildRecord {
    /// The files of the record's catalog that still have the size and time it records (and a
    /// time that tells writes apart), looked at over the cores.
    static func unchangedFiles(of record: BuildRecord, in catalog: SafeFiles, lanes: Int) -> Set<String> {
        let entries = Array(record.files)
        let found = concurrentMap(entries, lanes: lanes) { path, entry -> Bool in
            guard let recorded = entry.stamp, FileStamp.isFine(recorded) else { return false }
            return catalog.regularFileStamp(path) == recorded
        }
        var unchanged = Set<String>(minimumCapacity: entries.count)
        for (entry, isUnchanged) in zip(entries, found) where isUnchanged == true { unchanged.insert(entry.key) }
        return unchanged
    }
}

/// The catalog files found with the size and time the record lists for them
/// (`BuildRecord.checkedAtRead`), looked at on another thread: asking waits until they all are.
package struct CheckedFiles: Sendable {
    private let paths: Later<Set<String>>

    init(_ paths: Later<Set<String>>) {
        self.paths = paths
    }

    /// Files already looked at.
    package init(_ paths: Set<String>) {
        self.paths = Later(now: paths)
    }

    package func contains(_ path: String) -> Bool { paths.value.contains(path) }

    package var count: Int { paths.value.count }
}

/// A value made on another thread; reading it waits until it is made.
package final class Later<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    /// Written once on the making thread before `done` is left, read after waiting on it.
    private var made: Value?

    package init(_ make: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: done) { [self] in made = make() }
    }

    init(now value: Value) {
        made = value
    }

    package var value: Value {
        done.wait()
        guard let made else { preconditionFailure("a value made on another thread was read before it was made") }
        return made
    }
}
