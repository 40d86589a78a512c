#if os(Linux)
import Foundation
import Glibc

/// Linux: inotify on each folder; one thread blocks in `read` and reports the changed file names.
final class InotifyWatcher: FileWatcher, @unchecked Sendable {
    private var descriptor: Int32 = -1
    private let lock = NSLock()
    private var folders: [Int32: String] = [:]
    /// The folder each watch was added on (device and inode): a folder renamed away and made
    /// again at the same path is another folder, and is watched again.
    private var identities: [Int32: FolderIdentity] = [:]
    private let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_MODIFY | IN_ATTRIB
                              | IN_MOVE_SELF | IN_DELETE_SELF)

    func start(directories: [String], onChange: @escaping @Sendable ([String]) -> Void) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw WatchError(description: "inotify_init1 failed: \(String(cString: strerror(errno)))") }
        update(directories: directories)
        let thread = Thread { [self] in self.readLoop(onChange) }
        thread.name = "assetsmith-inotify"
        thread.start()
    }

    func update(directories: [String]) {
        lock.lock()
        defer { lock.unlock() }
        let wanted = Set(directories)
        for (watch, folder) in folders where !wanted.contains(folder) || identities[watch] != FolderIdentity(folder) {
            inotify_rm_watch(descriptor, watch)
            forget(watch)
        }
        let have = Set(folders.values)
        for folder in wanted.subtracting(have) {
            let watch = inotify_add_watch(descriptor, folder, mask)
            if watch >= 0 {
                folders[watch] = folder
                identities[watch] = FolderIdentity(folder)
            }
        }
    }

    /// Drops a watch from the tables (the lock is held).
    private func forget(_ watch: Int32) {
        folders[watch] = nil
        identities[watch] = nil
    }

    private func readLoop(_ onChange: @Sendable ([String]) -> Void) {
        let capacity = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, capacity)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            var paths: [String] = []
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameLength = Int(event.len)
                var name = ""
                if nameLength > 0 {
                    let start = buffer.advanced(by: offset + header).assumingMemoryBound(to: CChar.self)
                    name = String(cString: start)
                }
                lock.lock()
                let folder = folders[event.wd]
                // The watched folder itself was moved or deleted: the watch follows the old folder,
                // so it is dropped, and the next update watches whatever is at the path then.
                if event.mask & UInt32(IN_MOVE_SELF) != 0 { inotify_rm_watch(descriptor, event.wd) }
                if event.mask & UInt32(IN_MOVE_SELF | IN_DELETE_SELF | IN_IGNORED) != 0 { forget(event.wd) }
                lock.unlock()
                if let folder { paths.append(name.isEmpty ? folder : folder + "/" + name) }
                offset += header + nameLength
            }
            if !paths.isEmpty { onChange(paths) }
        }
    }
}
/// A folder's device and inode, or nil when nothing is at the path.
struct FolderIdentity: Equatable {
    var device: UInt64
    var inode: UInt64

    init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
#endif
