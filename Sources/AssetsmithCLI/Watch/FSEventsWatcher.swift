#if canImport(CoreServices)
import CoreServices
import Foundation

/// macOS: one FSEvents stream over the watched folders, with file-level events
/// (`kFSEventStreamCreateFlagFileEvents`). FSEvents follows paths, not folders: a file rewritten in
/// place is an event for that file, and a folder renamed away and made again at its path is still
/// watched. (A vnode source on the folder sees neither: an in-place write changes no entry. Saves
/// are in place for shell `>` and `cp` onto a file (POSIX cp opens an existing target with
/// O_TRUNC), Vim with 'backupcopy' yes (and auto for a linked file), Emacs with backup-by-copying
/// or where renaming would change the owner or group (its default for that case).) FSEvents reports every level below a folder and real paths (`/private/tmp/…`
/// for `/tmp/…`); `WatchedPaths.direct` keeps what is directly in a watched folder, spelled as
/// the watcher was given it, as inotify reports on Linux.
final class FSEventsWatcher: FileWatcher, @unchecked Sendable {
    private let queue = DispatchQueue(label: "assetsmith.watch")
    private var stream: FSEventStreamRef?
    /// The watched folders by their real paths.
    private var folders: [String: String] = [:]
    private var onChange: (@Sendable ([String]) -> Void)?

    func start(directories: [String], onChange: @escaping @Sendable ([String]) -> Void) throws {
        self.onChange = onChange
        update(directories: directories)
    }

    func update(directories: [String]) {
        queue.sync {
            var wanted: [String: String] = [:]
            for folder in directories { wanted[Self.realPath(folder)] = folder }
            guard wanted != folders || stream == nil else { return }
            stop()
            folders = wanted
            guard !wanted.isEmpty else { return }
            var context = FSEventStreamContext(version: 0, info: Unmanaged.passUnretained(self).toOpaque(),
                                               retain: nil, release: nil, copyDescription: nil)
            let flags = FSEventStreamCreateFlags(kFSEventStreamCreateFlagUseCFTypes | kFSEventStreamCreateFlagFileEvents
                                                 | kFSEventStreamCreateFlagNoDefer)
            // Called on `queue`; with `UseCFTypes` the paths are a CFArray of CFString.
            let callback: FSEventStreamCallback = { _, info, _, paths, _, _ in
                guard let info else { return }
                Unmanaged<FSEventsWatcher>.fromOpaque(info).takeUnretainedValue()
                    .report((unsafeBitCast(paths, to: NSArray.self) as? [String]) ?? [])
            }
            guard let created = FSEventStreamCreate(kCFAllocatorDefault, callback, &context, Array(wanted.keys) as CFArray,
                                                    FSEventStreamEventId(kFSEventStreamEventIdSinceNow), 0.05, flags)
            else { return }
            FSEventStreamSetDispatchQueue(created, queue)
            FSEventStreamStart(created)
            stream = created
        }
    }

    deinit { stop() }

    /// Stops and releases the stream (on the queue, or from deinit).
    private func stop() {
        guard let stream else { return }
        FSEventStreamStop(stream)
        FSEventStreamInvalidate(stream)
        FSEventStreamRelease(stream)
        self.stream = nil
    }

    private func report(_ paths: [String]) {
        let changed = WatchedPaths.direct(paths, in: folders)
        if !changed.isEmpty { onChange?(changed) }
    }

    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
#endif
