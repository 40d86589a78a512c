import Foundation

/// Reports changes below a set of folders, through the operating system's file events
/// (inotify on Linux, FSEvents-style vnode events through Dispatch on macOS).
protocol FileWatcher: AnyObject {
    /// Starts watching `directories` (not recursive); `onChange` gets the paths that changed (on
    /// macOS, where the system only says that a folder changed, the folder's path).
    func start(directories: [String], onChange: @escaping @Sendable ([String]) -> Void) throws
    /// Replaces the watched folders (after the manifest changed its sources).
    func update(directories: [String])
}

enum FileWatchers {
    /// The watcher for this system.
    static func system() -> FileWatcher {
        #if os(Linux)
        return InotifyWatcher()
        #else
        return DispatchSourceWatcher()
        #endif
    }
}

struct WatchError: Error, CustomStringConvertible {
    var description: String
}
