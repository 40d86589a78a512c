import AssetCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// File operations confined to one root folder: nothing is written through a symbolic link or
/// outside the root, and every file is written to a temporary name and renamed into place.
package struct SafeFiles: Sendable {
    /// Absolute root; everything written lives below it.
    package let root: String

    /// Folders below the root `regularFileStamp` found to be folders, not links, in this value's
    /// life (a build's): looked at once for every file in them. Each `SafeFiles(root:)` starts
    /// with none; copies share them.
    private let checkedFolders = CheckedFolders()

    /// The root as given, before Foundation's `standardizingPath` (which resolves links on
    /// Linux): `makeRoot` looks at this one, so a link in place of the root is seen.
    private let givenRoot: String

    package init(root: String) {
        self.root = (root as NSString).standardizingPath
        givenRoot = root
    }

    /// The absolute path of `relative`, or an error when it would leave the root or pass through
    /// a symbolic link below it.
    package func resolve(_ relative: String) throws(Diagnostic) -> String {
        let parts = relative.split(separator: "/").map(String.init)
        guard !relative.hasPrefix("/"), !parts.isEmpty, !parts.contains(".."), !parts.contains(".") else {
            throw .error("refusing to write \"\(relative)\": the path leaves the output folder", at: .file(root),
                         fix: "asset names may not contain \"/\" or \"..\"")
        }
        var path = root
        for part in parts {
            path += "/" + part
            var info = stat()
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK {
                throw .error("refusing to write through symbolic link \"\(path)\"", at: .file(path),
                             fix: "replace the link with a real folder").with(.outputFolder)
            }
        }
        return path
    }

    /// The stamp (`FileStamp`) of the regular file at `relative`, or nil when there is none, the
    /// path leaves the root or passes through a symbolic link: `resolve` and `FileStamp.ofRegularFile`
    /// in one walk, the file's own `lstat` serving both (a build checks every output this way).
    /// The folders below the root are looked at once for all the files in them (`checkedFolders`):
    /// a set's four files cost five `lstat`s, not eight (issue 38).
    package func regularFileStamp(_ relative: String) -> [Int]? {
        let parts = relative.split(separator: "/")
        guard !relative.hasPrefix("/"), !parts.isEmpty, !parts.contains(".."), !parts.contains(".") else { return nil }
        let folder = parts.dropLast().joined(separator: "/")
        var path = root
        var info = stat()
        if !folder.isEmpty, checkedFolders.contains(folder) {
            path += "/" + folder + "/" + parts[parts.count - 1]
            guard lstat(path, &info) == 0 else { return nil }
        } else {
            for (index, part) in parts.enumerated() {
                path += "/" + part
                guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFLNK else { return nil }
                if index == parts.count - 2 { checkedFolders.insert(folder) }
            }
        }
        return (info.st_mode & S_IFMT) == S_IFREG ? FileStamp.stamp(info) : nil
    }

    /// Creates the folder `relative` (whose parent exists) and says whether this call made it. A
    /// folder made here holds nothing anyone else put there, so the files written into it need
    /// no look for one first (issue 38: a first build's sets). False when it exists already, its
    /// parent does not, or the path leaves the root or passes through a link: look as usual.
    package func makeFreshFolder(_ relative: String) -> Bool {
        guard !relative.isEmpty, let path = try? resolve(relative) else { return false }
        return mkdir(path, 0o777) == 0
    }

    /// Creates the root folder itself (and the folders above it): a state folder beside the
    /// manifest. Refused when the root is, or has become, a symbolic link.
    package func makeRoot() throws(Diagnostic) {
        var info = stat()
        if lstat(givenRoot, &info) != 0 {
            do {
                try FileManager.default.createDirectory(atPath: givenRoot, withIntermediateDirectories: true)
            } catch {
                throw .error("cannot create folder: \(error.localizedDescription)", at: .file(root),
                             fix: "check permissions and free space")
            }
        }
        guard lstat(givenRoot, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw .error("\"\(root)\" is not a folder (a file or a symbolic link); refusing to write through it",
                         at: .file(root), fix: "remove it, or name another folder with `state:` in the manifest")
        }
    }

    /// Creates the folders of `relative` (a folder path) below the root.
    package func makeDirectory(_ relative: String) throws(Diagnostic) {
        let path = try resolve(relative)
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            // Name the part of the path that is in the way, if one is a file.
            var prefix = ""
            for part in path.split(separator: "/") {
                prefix += "/" + part
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: prefix, isDirectory: &isDirectory), !isDirectory.boolValue {
                    throw .error("cannot create folder: \"\(prefix)\" is a file, not a folder", at: .file(path),
                                 fix: "move that file away").with(.outputFolder)
                }
            }
            let reason = access(PathText.parent(path), W_OK) != 0 ? "permission denied" : "\(error)"
            throw .error("cannot create folder: \(reason)", at: .file(path), fix: "check permissions and free space")
        }
    }

    /// The bytes at `relative`, or nil when there is no such file.
    package func read(_ relative: String) -> Data? {
        guard let path = try? resolve(relative) else { return nil }
        return FileManager.default.contents(atPath: path)
    }

    /// Writes atomically: a temporary file in the same folder, then rename over the target.
    ///
    /// Plain POSIX calls, without fsync: a build product needs atomicity (no reader ever sees half
    /// a file), not durability; after a power cut the build record's hashes notice any damage and
    /// the next build redoes it. (Foundation's `Data.write` syncs every file, which made writing
    /// the catalog the slowest step of a build.)
    package func write(_ data: Data, to relative: String) throws(Diagnostic) {
        try writeAtomically(to: relative) { descriptor in
            data.withUnsafeBytes { writeAll(descriptor, $0) }
        }
    }

    /// Writes the UTF-8 of `pieces`, one after the other, as one file, atomically like
    /// `write(_:to:)`: a large text made in pieces is never joined in memory.
    package func write(pieces: [String], to relative: String) throws(Diagnostic) {
        try writeAtomically(to: relative) { descriptor in
            pieces.allSatisfy { piece in
                var piece = piece
                return piece.withUTF8 { writeAll(descriptor, UnsafeRawBufferPointer($0)) }
            }
        }
    }

    /// Every byte of `bytes` to `descriptor`; false on an error.
    private func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }  // nothing to write
        var offset = 0
        while offset < bytes.count {
            let count = systemWrite(descriptor, base + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }

    /// A temporary file in the target's folder, filled by `fill`, then renamed over the target.
    /// Inside an Xcode script phase the temporary file is made in the phase's scratch folder
    /// (`ScratchSpace`: the sandbox allows writing only the declared outputs under the project),
    /// and when the rename cannot cross to the target's volume the bytes are written to the
    /// target itself: Xcode runs nothing that reads the catalog while the phase runs.
    private func writeAtomically(to relative: String, _ fill: (Int32) -> Bool) throws(Diagnostic) {
        let path = try resolve(relative)
        let folder = PathText.parent(path)
        let temp = Self.temporaryPath(for: path)
        var descriptor = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == ENOENT {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .error("cannot create folder: \(error.localizedDescription)", at: .file(folder),
                             fix: "check permissions and free space")
            }
            descriptor = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else {
            throw .error("cannot write file: \(String(cString: strerror(errno)))", at: .file(path),
                         fix: "check permissions and free space")
        }
        let written = fill(descriptor)
        let reason = String(cString: strerror(errno))
        guard close(descriptor) == 0, written else {
            unlink(temp)
            throw .error("cannot write file: \(reason)", at: .file(path), fix: "check permissions and free space")
        }
        guard rename(temp, path) == 0 else {
            let crossesVolumes = errno == EXDEV
            let reason = String(cString: strerror(errno))
            defer { unlink(temp) }
            if crossesVolumes, let data = FileManager.default.contents(atPath: temp) {
                let direct = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o644)
                let written = direct >= 0 && data.withUnsafeBytes { writeAll(direct, $0) }
                if direct >= 0, close(direct) == 0, written { return }
            }
            throw .error("cannot move the new file into place: \(reason)", at: .file(path),
                         fix: "check permissions")
        }
    }

    /// The temporary name a new file of `path` is written under: beside it, or in the scratch
    /// folder of an Xcode script phase (`ScratchSpace`).
    static func temporaryPath(for path: String) -> String {
        let name = "." + PathText.lastComponent(path) + ".assetsmith-\(getpid())"
        guard let scratch = ScratchSpace.folder else { return PathText.parent(path) + "/" + name + ".tmp" }
        return scratch + "/" + name + "-\(TemporaryCounter.shared.next()).tmp"
    }

    /// Removes the temporary files (`.<name>.assetsmith-<pid>.tmp`) that a build killed while
    /// writing left in `relative` (a folder); a live build's files are left alone. `names` is the
    /// folder's listing when the caller has it already. Returns the names removed.
    @discardableResult
    package func removeStaleTemporaries(in relative: String, names listed: [String]? = nil) -> [String] {
        guard let folder = relative.isEmpty ? root : try? resolve(relative),
              let names = listed ?? (try? FileManager.default.contentsOfDirectory(atPath: folder)) else { return [] }
        var removed: [String] = []
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            guard let marker = name.range(of: ".assetsmith-", options: .backwards),
                  let pid = Int32(name[marker.upperBound...].dropLast(4)), pid > 0 else { continue }
            let alive = kill(pid, 0) == 0 || errno == EPERM
            if pid == getpid() || !alive, unlink(folder + "/" + name) == 0 { removed.append(name) }
        }
        return removed
    }

    /// Removes a file (never a folder).
    package func remove(_ relative: String) -> Bool {
        guard let path = try? resolve(relative) else { return false }
        return unlink(path) == 0
    }

    /// Removes a folder if it is empty; returns whether it did.
    @discardableResult
    package func removeDirectoryIfEmpty(_ relative: String) -> Bool {
        guard let path = try? resolve(relative) else { return false }
        return rmdir(path) == 0
    }

    /// Removes the folders holding `relative` (a file already removed), innermost first, as long as
    /// each is empty: a set folder, and folders that held only it (a stack's layer, an `.icon`'s
    /// `Assets/`).
    package func removeEmptyFolders(above relative: String) {
        var folder = PathText.parent(relative)
        while !folder.isEmpty, removeDirectoryIfEmpty(folder) {
            folder = PathText.parent(folder)
        }
    }
}

/// `write(2)`, named apart from the methods called `write` here.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(descriptor, buffer, count)
    #else
    return Darwin.write(descriptor, buffer, count)
    #endif
}

/// Relative folder paths, shared by the threads that look at files below one root.
private final class CheckedFolders: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []

    func contains(_ path: String) -> Bool {
        lock.withLock { paths.contains(path) }
    }

    func insert(_ path: String) {
        _ = lock.withLock { paths.insert(path) }
    }
}

/// Numbers the temporary files made in one scratch folder: two files of the same name in
/// different sets, written at once, must not share one.
final class TemporaryCounter: @unchecked Sendable {
    static let shared = TemporaryCounter()
    private let lock = NSLock()
    private var value = 0
    func next() -> Int { lock.withLock { value += 1; return value } }
}
