import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file only when its size is within a budget: the size is taken from `fstat`
/// before a byte is read, and no more than that size is read even if the file grows meanwhile, so a
/// sparse 2 GB file (or `/dev/zero`) costs no memory. Shared by every module that reads outside
/// input whole (manifest, sources, Contents.json, stamps); `ContainedFile` reads through it.
package enum BoundedFile {
    package enum Failure: Error, Equatable, Sendable {
        /// No such file, or it cannot be opened (the `strerror` text).
        case unreadable(String)
        /// A folder, a device or a pipe: not a file to read.
        case notAFile
        /// Larger than the budget (its size in bytes, the budget).
        case tooLarge(size: Int, limit: Int)
        /// Not admitted at its size (`read(_:limit:admit:)`).
        case refused

        package var isTooLarge: Bool {
            if case .tooLarge = self { return true }
            return false
        }

        /// `is 2.5 GB, over the budget of 1 MB for a manifest` (for `tooLarge`; `what` names the
        /// kind of file).
        package func words(for what: String) -> String {
            switch self {
            case .unreadable(let reason): "cannot be read (\(reason))"
            case .notAFile: "is not a regular file"
            case .tooLarge(let size, let limit):
                "is \(Budgets.bytesText(size)), over the budget of \(Budgets.bytesText(limit)) for \(what)"
            case .refused: "was not read at its size"
            }
        }
    }

    /// The bytes of the file at `path`, or why not.
    /// `admit`: asked with the file's size (from the open file, before any byte is read); false
    /// leaves it unread (`refused`). One look at the file for a reader that decides by its size
    /// (issue 50: verify's PNGs were looked at twice).
    /// `followingLink` false: a last component that is a symbolic link is not opened (`O_NOFOLLOW`:
    /// `unreadable`, whose reason the caller asks `lstat` about); the caller checks the folders above.
    package static func read(_ path: String, limit: Int, admit: ((Int) -> Bool)? = nil,
                             followingLink: Bool = true) -> Result<Data, Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (followingLink ? 0 : O_NOFOLLOW))
        guard descriptor >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .failure(.notAFile) }
        let size = Int(info.st_size)
        guard size <= limit else { return .failure(.tooLarge(size: size, limit: limit)) }
        if let admit, !admit(size) { return .failure(.refused) }
        var data = Data(count: size)
        var filled = 0
        while filled < size {
            let count = data.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glue.read(descriptor, base + filled, size - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
            if count == 0 { break } // shrank meanwhile
            filled += count
        }
        if filled < size { data.count = filled }
        return .success(data)
    }

    /// The file's size in bytes when it is a regular file; nil otherwise.
    package static func size(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }
}

private enum Glue {
    static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }
}
