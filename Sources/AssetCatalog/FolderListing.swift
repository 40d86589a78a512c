import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder's entries with what each is, from the listing itself (`readdir`'s type), so telling a
/// set folder from a link costs no `lstat` per entry (issue 38: 4,000 at 4,000 assets, before
/// every build's namespace check). Where the file system does not say (`DT_UNKNOWN`), one `lstat`.
package enum FolderListing {
    package enum Kind: Sendable { case folder, link, file, other }

    /// The entries of `folder` other than `.` and `..`, unsorted; empty when it cannot be listed.
    package static func entries(of folder: String) -> [(name: String, kind: Kind)] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var found: [(name: String, kind: Kind)] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            guard name != ".", name != ".." else { continue }
            found.append((name, kind(Int32(entry.pointee.d_type), at: folder + "/" + name)))
        }
        return found
    }

    /// The names of `folder`'s entries other than `.` and `..`, unsorted, without what each is;
    /// empty when it cannot be listed (a set's files: 50,000 listings through `FileManager` were a
    /// tenth of the catalog's listing, issue 50).
    package static func names(of folder: String) -> [String] {
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var found: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != ".", name != ".." { found.append(name) }
        }
        return found
    }

    private static func kind(_ type: Int32, at path: String) -> Kind {
        switch type {
        case Int32(DT_DIR): return .folder
        case Int32(DT_LNK): return .link
        case Int32(DT_REG): return .file
        case Int32(DT_UNKNOWN):
            var info = stat()
            guard lstat(path, &info) == 0 else { return .other }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: return .folder
            case S_IFLNK: return .link
            case S_IFREG: return .file
            default: return .other
            }
        default: return .other
        }
    }
}
