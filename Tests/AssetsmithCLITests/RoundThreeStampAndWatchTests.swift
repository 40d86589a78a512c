@testable import AssetsmithCLI
import Foundation
@testable import FrontEnd
import Testing

/// Issue 36: the stamp records what the build read (a file changed between the snapshot taken
/// before reading and the end of the build is named), and inotify watches a folder that was
/// renamed away and made again.
@Suite struct RoundThreeStampAndWatchTests {
    static func folder(_ label: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func aFileSavedAfterTheSnapshotIsNamedAsChanged() throws {
        let dir = try Self.folder("stamp-snapshot")
        try Data("one".utf8).write(to: URL(fileURLWithPath: dir + "/a.svg"))
        try Data("same".utf8).write(to: URL(fileURLWithPath: dir + "/b.svg"))
        var snapshot = BuildStamp.snapshot(manifestPath: dir + "/a.svg")
        snapshot.add(dir + "/b.svg")
        snapshot.add(dir + "/new.svg")
        #expect(snapshot.changed() == [])
        try Data("one, saved again".utf8).write(to: URL(fileURLWithPath: dir + "/a.svg"))
        #expect(snapshot.changed() == [dir + "/a.svg"])
        try Data("made".utf8).write(to: URL(fileURLWithPath: dir + "/new.svg"))
        #expect(snapshot.changed() == [dir + "/a.svg", dir + "/new.svg"])
    }

    /// Same size, new time: a save that keeps the length is seen too.
    @Test func aSaveOfTheSameLengthIsSeenByItsTime() throws {
        let dir = try Self.folder("stamp-time")
        let path = dir + "/a.svg"
        try Data("abc".utf8).write(to: URL(fileURLWithPath: path))
        let old = timespec(tv_sec: 1_000_000, tv_nsec: 0)
        var times = [old, old]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let snapshot = BuildStamp.snapshot(manifestPath: path)
        try Data("xyz".utf8).write(to: URL(fileURLWithPath: path))
        #expect(snapshot.changed() == [path])
    }

    #if os(Linux)
    @Test func aFolderRenamedAwayAndMadeAgainIsWatchedAgain() throws {
        let dir = try Self.folder("watch-rearm")
        let sources = dir + "/Sources"
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        let seen = Seen()
        let watcher = InotifyWatcher()
        try watcher.start(directories: [sources]) { seen.add($0) }
        try FileManager.default.moveItem(atPath: sources, toPath: dir + "/Old")
        try FileManager.default.createDirectory(atPath: sources, withIntermediateDirectories: true)
        #expect(seen.wait { $0.contains(sources) }, "the move of the watched folder is reported: \(seen.paths)")
        watcher.update(directories: [sources])
        try Data("x".utf8).write(to: URL(fileURLWithPath: sources + "/icon.svg"))
        #expect(seen.wait { $0.contains(sources + "/icon.svg") }, "a save in the new folder is seen: \(seen.paths)")
        try Data("y".utf8).write(to: URL(fileURLWithPath: dir + "/Old/old.svg"))
        try Data("z".utf8).write(to: URL(fileURLWithPath: sources + "/second.svg"))
        #expect(seen.wait { $0.contains(sources + "/second.svg") })
        #expect(!seen.paths.contains { $0.hasSuffix("/old.svg") }, "the old folder is no longer watched: \(seen.paths)")
    }
    #endif
}

/// Paths a watcher reported, waited for by polling (at most 2,000 rounds of 5 ms: a bound, not a timing).
final class Seen: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [String] = []
    var paths: [String] { lock.lock(); defer { lock.unlock() }; return all }

    func add(_ paths: [String]) {
        lock.lock()
        all += paths
        lock.unlock()
    }

    func wait(_ condition: ([String]) -> Bool) -> Bool {
        for _ in 0..<2_000 {
            if condition(paths) { return true }
            usleep(5_000)
        }
        return false
    }
}
