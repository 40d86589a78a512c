import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's size and modification time (s, ns), from one `stat`: what tells the pool, a worker and
/// a worker's parsed-document cache that a file changed.
package enum FileStamp {
    package static func of(_ path: String) -> [Int] {
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
