import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's size and modification time (s, ns): what tells the pool and a worker that a file changed.
enum FileStamp {
    static func of(_ path: String) -> [Int] {
        var status = stat()
        guard stat(path, &status) == 0 else { return [-1, 0, 0] }
        #if canImport(Darwin)
        let modified = status.st_mtimespec
        #else
        let modified = status.st_mtim
        #endif
        return [Int(status.st_size), Int(modified.tv_sec), Int(modified.tv_nsec)]
    }
}
