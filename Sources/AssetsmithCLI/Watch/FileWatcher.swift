import Foundation

/// Reports changes below a set of folders, through the operating system's file events
/// (inotify on Linux, FSEvents on macOS).
protocol FileWatcher: AnyObject {
    /// Starts watching `directories` (not recursive); `onChange` gets the paths that changed: a
    /// file in a watched folder, or the folder itself.
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
        return FSEventsWatcher()
        #endif
    }
}

struct WatchError: Error, CustomStringConvertible {
    var description: String
}

/// What a watcher reports of the paths the system gave it.
package enum WatchedPaths {
    /// `paths` (real paths: FSEvents reports `/private/tmp/a` for `/tmp/a`) that are a watched
    /// folder or directly in one, spelled as that folder was given (`folders`: real path → given
    /// path); a path deeper down is left out, as a non-recursive inotify watch never reports it.
    package static func direct(_ paths: [String], in folders: [String: String]) -> [String] {
        var found: [String] = []
        for path in paths {
            let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
            if let folder = folders[trimmed] {
                found.append(folder)
            } else if let slash = trimmed.lastIndex(of: "/"),
                      let folder = folders[slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])] {
                let name = trimmed[trimmed.index(after: slash)...]
                found.append(folder == "/" ? "/" + name : folder + "/" + name)
            }
        }
        return found
    }
}
