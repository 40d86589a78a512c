import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's size and modification time (s, ns), from one `stat`: what tells the pool, a worker and
/// a worker's parsed-document cache that a file changed, and what lets a build trust an output it
/// wrote without reading it again (`RecordedOutput`).
package enum FileStamp {
    package static func of(_ path: String) -> [Int] {
        var status = stat()
        guard stat(path, &status) == 0 else { return [-1, 0, 0] }
        return stamp(status)
    }

    /// The stamp of a regular file at `path` itself (a symbolic link is not followed), or nil when
    /// there is none.
    package static func ofRegularFile(_ path: String) -> [Int]? {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return stamp(status)
    }

    /// Whether `stamp` can tell two writes apart: a file system that keeps modification times in
    /// whole seconds (HFS+, FAT) could give a file rewritten within the same second, at the same
    /// size, the same stamp; a time with nanoseconds (APFS, ext4, XFS, btrfs) cannot. A stamp of a
    /// whole second (one in a billion on those) only means the file is read and hashed.
    package static func isFine(_ stamp: [Int]) -> Bool { stamp.count == 3 && stamp[0] >= 0 && stamp[2] != 0 }

    package static func stamp(_ status: stat) -> [Int] {
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        return [Int(status.st_size), Int(modified.tv_sec), Int(modified.tv_nsec)]
    }
}
