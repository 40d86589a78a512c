import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a file inside a folder the tool was given (a `.icon` bundle, a set folder) without
/// following a symbolic link out of it: every component below the folder is checked with `lstat`,
/// so `Assets/` made a link to another folder is refused, not read. Then the file is read within a
/// budget (`BoundedFile`).
package enum ContainedFile {
    package enum Failure: Error, Equatable, Sendable {
        /// A component below the folder is a symbolic link (that component, relative to the folder).
        case link(String)
        case file(BoundedFile.Failure)

        /// `is a symbolic link (…), which is not followed out of the bundle`, or the file's words.
        package func words(for what: String, in container: String) -> String {
            switch self {
            case .link(let component):
                "is reached through \"\(component)\", a symbolic link, which is not followed out of the \(container)"
            case .file(let failure): failure.words(for: what)
            }
        }
    }

    /// The first component of `relative` (a path below `root`, "/"-separated) that is a symbolic
    /// link, as the path from `root` to it; nil when none is (or a component does not exist).
    package static func link(under root: String, relative: String) -> String? {
        var path = root
        var walked: [Substring] = []
        // Components found by their slash bytes, as the file system finds them (`PathText.lastComponent`).
        for bytes in relative.utf8.split(separator: UInt8(ascii: "/")) where !bytes.elementsEqual(".".utf8) {
            let component = Substring(bytes)
            path += "/" + component
            walked.append(component)
            var info = stat()
            guard lstat(path, &info) == 0 else { return nil }
            if (info.st_mode & S_IFMT) == S_IFLNK { return walked.joined(separator: "/") }
        }
        return nil
    }

    /// The bytes of `root/relative` within `limit`, or why not.
    package static func read(under root: String, relative: String, limit: Int) -> Result<Data, Failure> {
        if let link = link(under: root, relative: relative) { return .failure(.link(link)) }
        return BoundedFile.read(root + "/" + relative, limit: limit).mapError { .file($0) }
    }
}
