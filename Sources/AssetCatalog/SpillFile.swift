import AssetCore
import AssetPlan
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where drawn output bytes wait for the writer once a build holds `Budgets.heldOutputBytes` of
/// them: one file, `<state>/spill-<pid>-<n>` (`TARGET_TEMP_DIR` inside an Xcode script phase), that the drawing threads append to and
/// the writer reads back from (issue 38: 50,000 assets held every PNG until the writer ran).
///
/// One file, not a file per output: a file made per output and renamed into place cost a create
/// and a rename each, which made a 50,000-asset build 20 s slower on ext4 at a 32 MB budget;
/// appending is one sequential write that stays in the page cache until it is read back.
///
/// Made when a build first needs it (`open`), removed by the build when it ends and, failing
/// that, when the last reference goes; a file a killed build left is removed by the next build
/// that draws anything (`removeStale`).
package final class SpillFile: @unchecked Sendable {
    package static let prefix = "spill-"

    /// Where a build of `plan` spills: the scratch folder of an Xcode script phase (the sandbox
    /// allows nothing else, `ScratchSpace`), otherwise the state folder.
    package static func folder(for plan: Plan) -> String {
        ScratchSpace.folder ?? StateFolder(plan: plan).path
    }

    /// Where one output's bytes lie in the file.
    package struct Place: Sendable, Equatable {
        package var offset: Int
        package var count: Int
    }

    /// Absolute path of the file.
    package let path: String
    private let descriptor: Int32
    private let lock = NSLock()
    private var end = 0
    private var removed = false

    /// Numbers the files of one process: `watch` builds many times in one process.
    private static let counter = Counter()

    /// The spill file of a new build in `folder` (`folder(for:)`), created (never following a
    /// link); nil when it cannot be (the drawn bytes then stay in memory).
    package static func open(folder: String) -> SpillFile? {
        guard (try? SafeFiles(root: folder).makeRoot()) != nil else { return nil }
        let path = folder + "/" + prefix + "\(getpid())-\(counter.next())"
        let descriptor = systemOpen(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        return SpillFile(path: path, descriptor: descriptor)
    }

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit { remove() }

    /// Appends `data`; where it lies, or nil when it could not be written (a full disk: the
    /// bytes stay in memory). Safe from many threads: each reserves its range, then writes it.
    package func keep(_ data: Data) -> Place? {
        let offset: Int? = lock.withLock {
            guard !removed else { return nil }
            defer { end += data.count }
            return end
        }
        guard let offset else { return nil }
        let written = data.withUnsafeBytes { bytes -> Bool in
            guard let base = bytes.baseAddress else { return true }
            var done = 0
            while done < bytes.count {
                let count = pwrite(descriptor, base + done, bytes.count - done, off_t(offset + done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
        return written ? Place(offset: offset, count: data.count) : nil
    }

    /// The bytes kept at `place`, or nil when they cannot be read back (the file was removed: its
    /// descriptor may be another file's by now).
    package func read(_ place: Place) -> Data? {
        guard place.offset >= 0, place.count >= 0, !lock.withLock({ removed }) else { return nil }
        var data = Data(count: place.count)
        let complete = data.withUnsafeMutableBytes { bytes -> Bool in
            guard let base = bytes.baseAddress else { return true }
            var done = 0
            while done < bytes.count {
                let count = pread(descriptor, base + done, bytes.count - done, off_t(place.offset + done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
        return complete ? data : nil
    }

    /// Closes and removes the file; what it held can no longer be read.
    package func remove() {
        let first = lock.withLock { () -> Bool in
            defer { removed = true }
            return !removed
        }
        guard first else { return }
        close(descriptor)
        unlink(path)
    }

    /// Removes the spill files (and the spill folders of earlier versions) of builds that are no
    /// longer running below `outputDirectory`; a running build's are left alone.
    package static func removeStale(folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0.isASCII && $0.isNumber }), pid > 0,
                  pid != getpid() else { continue }
            let alive = kill(pid, 0) == 0 || errno == EPERM
            if !alive { try? FileManager.default.removeItem(atPath: folder + "/" + name) }
        }
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.withLock { value += 1; return value } }
    }
}

/// `open(2)`, named apart from `SpillFile.open`.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Glibc)
    return Glibc.open(path, flags, mode)
    #else
    return Darwin.open(path, flags, mode)
    #endif
}
