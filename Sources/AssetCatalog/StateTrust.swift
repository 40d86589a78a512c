import AssetCore
import AssetPlan
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a state file (the build record, the write journal) was written by a build on this
/// machine, for this user (issue 49).
///
/// The record and the journal decide what a build may replace or remove, and both sit in the
/// project, where a pull request can write them: a journal or a record that lists a hand-made
/// set's files with their true SHA-256 would make the next build delete them. So a build keeps,
/// outside the project, the digest of each state file it writes (in the user's cache folder:
/// `~/Library/Caches/assetsmith/trusted` on macOS, `$XDG_CACHE_HOME` or `~/.cache` on Linux;
/// `ASSETSMITH_CACHE` names another), and a state file whose bytes are not what this machine
/// wrote there is *foreign*: a foreign journal is ignored (a journal exists only between a
/// killed build and the next one on the same machine; no team commits one), and a foreign record
/// still says which files are generated, but whatever the build then replaces or removes on its
/// word goes to the trash first (`Trash`), never lost. A checkout, a teammate's commit or CI
/// makes a record foreign until the next build here rewrites it.
package enum StateTrust {
    /// The folder the digests are kept in.
    package static func folder(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let named = environment["ASSETSMITH_CACHE"], named.hasPrefix("/") { return named + "/trusted" }
        #if os(Linux)
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/assetsmith/trusted" }
        #endif
        let caches = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?.path
            ?? NSTemporaryDirectory()
        return caches + "/assetsmith/trusted"
    }

    /// The file holding `path`'s digest: named by the digest of the path.
    private static func entry(for path: String) -> String {
        folder() + "/" + Digest.sha256(path)
    }

    /// How many digests a path keeps: the ones a build wrote last, so that a build killed between
    /// noting a file and renaming it into place (or the other way round) leaves both trusted.
    static let keptDigests = 4

    /// The digests kept for `path`, newest last.
    private static func digests(for path: String) -> [String] {
        guard case .success(let kept) = BoundedFile.read(entry(for: path), limit: 4096) else { return [] }
        return String(decoding: kept, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// True when the file at `path` holds bytes a build on this machine wrote there.
    /// False for a missing file (nothing to trust).
    package static func isTrusted(_ path: String, limit: Int = BuildRecord.maximumBytes) -> Bool {
        guard case .success(let data) = BoundedFile.read(path, limit: limit) else { return false }
        return digests(for: path).contains(Digest.sha256(data))
    }

    /// True when `data`, read from `path` by the caller, is what a build on this machine wrote there.
    package static func isTrusted(_ data: Data, readFrom path: String) -> Bool {
        digests(for: path).contains(Digest.sha256(data))
    }

    /// Notes that this machine wrote `path` as it is now. Quietly does nothing when the cache
    /// folder cannot be written (the next build then treats the file as foreign: safe, not lost).
    package static func remember(_ path: String, limit: Int = BuildRecord.maximumBytes) {
        guard case .success(let data) = BoundedFile.read(path, limit: limit) else { return }
        remember(digest: Digest.sha256(data), for: path)
    }

    /// Notes the digest of bytes about to be renamed to `path` (before the rename, so that a
    /// build killed right after it still finds them this machine's).
    package static func remember(digest: String, for path: String) {
        let files = SafeFiles(root: folder())
        guard (try? files.makeRoot()) != nil else { return }
        let kept = (digests(for: path).filter { $0 != digest } + [digest]).suffix(keptDigests)
        try? files.write(Data(kept.joined(separator: "\n").utf8), to: Digest.sha256(path))
    }

    /// Forgets `path` (its file was removed).
    package static func forget(_ path: String) {
        unlink(entry(for: path))
    }
}

/// Where a build puts the files it removes, and the earlier bytes of files it replaces on the
/// word of a foreign record (`StateTrust`), so that no build loses a byte for good (issue 49):
/// `<state>/trash/<time>-<pid>/<path in the output folder>`; inside an Xcode script phase, whose
/// sandbox allows writing only the declared outputs under the project, the phase's scratch
/// folder (`ScratchSpace`) instead. The newest `keptBuilds` folders are kept, up to `keptBytes`.
package final class Trash: @unchecked Sendable {
    /// How many builds' trash folders are kept, newest first.
    package static let keptBuilds = 10
    /// Bytes kept in all, newest first (a build's own folder is always kept whole).
    package static let keptBytes = 256 << 20

    /// The trash of all builds of this catalog.
    package let root: String
    /// This build's folder in it (made when the first file arrives).
    package let folder: String
    private let lock = NSLock()
    private var count = 0

    package init(plan: Plan) {
        let base = ScratchSpace.folder ?? StateFolder(plan: plan).path
        self.base = SafeFiles(root: base)
        root = base + "/trash"
        let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC") ?? .current,
                                                formatOptions: [.withYear, .withMonth, .withDay, .withTime])
        folder = root + "/" + stamp + "-\(getpid())"
    }

    /// The folder that holds `trash/`: every folder below it is checked for links as the trash is
    /// made (a `trash` a pull request made a link to elsewhere is refused, never written through).
    private let base: SafeFiles

    /// How many files this build put here.
    package var kept: Int { lock.withLock { count } }

    /// Moves the file `relative` of `files` into the trash (its path below `files`' root kept as
    /// `shown`), taking it out of place; true when it was moved. Across volumes, copied then removed.
    @discardableResult
    package func take(_ relative: String, from files: SafeFiles, shown: String) -> Bool {
        guard let from = try? files.resolve(relative), let to = destination(shown) else { return false }
        if rename(from, to) == 0 || (copy(from, to) && unlink(from) == 0) {
            lock.withLock { count += 1 }
            return true
        }
        return false
    }

    /// Keeps a copy of the file `relative` of `files` (about to be replaced); true when kept.
    @discardableResult
    package func keepCopy(_ relative: String, from files: SafeFiles, shown: String) -> Bool {
        guard let from = try? files.resolve(relative), let to = destination(shown), copy(from, to) else { return false }
        lock.withLock { count += 1 }
        return true
    }

    private func destination(_ shown: String) -> String? {
        let relative = "trash/" + PathText.lastComponent(folder) + "/" + shown
        guard (try? base.makeRoot()) != nil, (try? base.makeDirectory(PathText.parent(relative))) != nil else { return nil }
        return try? base.resolve(relative)
    }

    private func copy(_ from: String, _ to: String) -> Bool {
        guard case .success(let data) = BoundedFile.read(from, limit: Int.max / 2) else { return false }
        return FileManager.default.createFile(atPath: to, contents: data)
    }

    /// Removes the oldest trash folders beyond `keptBuilds`, and beyond `keptBytes` in all
    /// (never this build's own).
    package func prune() {
        // Never through a link: a `trash` that leads elsewhere is not ours to empty.
        var info = stat()
        guard lstat(root, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR,
              let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return }
        var total = 0
        for (index, name) in names.sorted(by: >).enumerated() {
            let path = root + "/" + name
            guard path != folder else { continue }
            total += Self.size(of: path)
            if index >= Self.keptBuilds || total > Self.keptBytes { try? FileManager.default.removeItem(atPath: path) }
        }
    }

    private static func size(of folder: String) -> Int {
        var total = 0
        guard let names = FileManager.default.enumerator(atPath: folder) else { return 0 }
        for case let name as String in names {
            total += (try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0
        }
        return total
    }
}
