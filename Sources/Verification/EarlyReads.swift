import AssetCatalog
import AssetCore
import Foundation

/// The files of a listed catalog's plain image sets read on a thread of their own while the
/// manifest is planned (issue 50: at 50,000 assets the plan takes half a second on one core while
/// the other stands idle; the catalog check then read every file). From the first set on, in
/// catalog order: each set's Contents.json as bytes (parsed later, when the plan says what it
/// should hold), and each file its folder lists as `ReadAhead.readFile` reads it, hashed. The
/// catalog check takes what was read here instead of reading it (`ReadAhead.readSet`): reading
/// early changes when a file is read, never what is made of it.
///
/// Reading stops when the checks begin (`stop()`), or at `mostSets` sets or `mostBytes` bytes
/// kept, whichever comes first; a set of more than `mostFiles` files is left to the checks.
final class EarlyReads: @unchecked Sendable {
    /// One set as read early.
    struct SetRead: Sendable {
        /// Its Contents.json as `ContentsReader.read(ofSetAt:)` gave it.
        let contents: Result<Data, BoundedFile.Failure>
        /// The files its folder lists, by path inside the catalog.
        let files: [String: ReadAhead.File]
    }

    static let mostSets = 32_768
    static let mostBytes = 32 << 20
    static let mostFiles = 32

    private let lock = NSLock()
    private let done = DispatchGroup()
    /// Set by `stop()`; the reading thread looks at it before each set.
    private var stopped = false
    /// By set index (nil: not read early). Written by the reading thread until `done` is left,
    /// read only after.
    private var read: [SetRead?] = []

    /// Starts reading, once `listed` gives the sets, those of them that are plain image sets.
    init(catalogAt catalogPath: String, listed: Later<Inspection.Listed?>) {
        DispatchQueue.global().async(group: done) { [self] in
            guard let listed = listed.value else { return }
            read = Self.read(listed, catalogPath: catalogPath) { [self] in lock.withLock { stopped } }
        }
    }

    /// Stops reading (after the set being read) and gives what was read, by set index.
    func stop() -> [SetRead?] {
        lock.withLock { stopped = true }
        done.wait()
        return read
    }

    /// Waits until every set is read or a budget is reached, without stopping the reading (a test's
    /// catalog read whole).
    func finish() {
        done.wait()
    }

    /// The sets of `listed` read in order until `stopped()` says so or a budget (`mostSets` sets read,
    /// `mostBytes` bytes kept) is reached.
    static func read(_ listed: Inspection.Listed, catalogPath: String, mostSets: Int = mostSets, mostBytes: Int = mostBytes,
                     stopped: () -> Bool) -> [SetRead?] {
        var read: [SetRead?] = []
        var (sets, kept) = (0, 0)
        for (index, set) in listed.sets.enumerated() {
            guard sets < mostSets, kept < mostBytes, !stopped() else { break }
            guard listed.plainImageSets.contains(index), set.contents == ContentsReader.unread,
                  set.kind != .other, set.files.count <= mostFiles else {
                read.append(nil)
                continue
            }
            let folder = (catalogPath as NSString).appendingPathComponent(set.path)
            let contents = ContentsReader.read(ofSetAt: folder)
            // The set's folder looked at once for a symbolic link above its files, as `ReadAhead.readSet` does.
            let folderChecked = ContainedFile.link(under: catalogPath, relative: set.path) == nil
            var files: [String: ReadAhead.File] = [:]
            files.reserveCapacity(set.files.count)
            for name in set.files {
                let relative = set.path + "/" + name
                var file = ReadAhead.readFile(relative, hash: true, catalogPath: catalogPath, folderChecked: folderChecked)
                // A PNG whose facts were read is not kept as bytes: only a check of its pixels reads
                // it again (an app icon's alpha, a template's), as for a file over `keptBytes`.
                if case .success? = file.info { file = file.withoutData }
                kept += file.data?.count ?? 0
                files[relative] = file
            }
            if case .success(let data) = contents { kept += data.count }
            read.append(SetRead(contents: contents, files: files))
            sets += 1
        }
        return read
    }
}
