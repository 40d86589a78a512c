import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asset and catalog names become folder and file names, so they are held to a safe alphabet.
package enum AssetName {
    package static let rule = "use letters, digits, spaces, \"-\", \"_\" and \".\" only, starting with a letter or digit (no \"/\" or \"..\")"

    package static func isValid(_ name: String) -> Bool {
        // By bytes (Foundation's `contains` searched text the slow way, once per asset): a valid
        // name is ASCII, so its bytes are its characters.
        let dot = UInt8(ascii: ".")
        guard let first = name.unicodeScalars.first, name.utf8.count <= 100,
              !zip(name.utf8, name.utf8.dropFirst()).contains(where: { $0 == dot && $1 == dot }),
              !name.hasSuffix("."), !name.hasSuffix(" ") else { return false }
        func ok(_ c: Unicode.Scalar) -> Bool {
            ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c)
        }
        return ok(first) && name.unicodeScalars.allSatisfy { ok($0) || " -_.".unicodeScalars.contains($0) }
    }
}

/// Folders a catalog must never be written into: the file system's root, the system's own
/// folders (and anything inside the ones no project lives in, such as `/etc` or `/usr`), and a
/// home folder itself (a typo such as `output: /` or `output: ~/..`). Checked on the path as
/// written and on its real path, every symbolic link in it resolved, so that `Output -> /etc`
/// (or a parent folder that is such a link) is refused too.
package enum SystemFolders {
    static let roots: Set<String> = ["/", "/bin", "/boot", "/dev", "/etc", "/lib", "/lib64", "/opt", "/proc", "/root",
                                     "/sbin", "/sys", "/tmp", "/usr", "/var", "/home", "/Users", "/System", "/Library",
                                     "/Applications", "/Volumes", "/private", "/usr/local", "/opt/homebrew",
                                     "/run", "/srv", "/mnt", "/media", "/var/tmp", "/private/tmp", "/private/var"]
    /// Folders whose whole tree belongs to the system.
    static let systemTrees = ["/bin", "/boot", "/dev", "/etc", "/lib", "/lib32", "/lib64", "/proc", "/sbin", "/sys",
                              "/usr", "/System", "/Library", "/private/etc", "/var/lib", "/var/log", "/run"]

    package static func isProtected(_ absolute: String) -> Bool {
        let path = PathText.normalized(absolute)
        let home = PathText.normalized(NSHomeDirectory())
        func protected(_ path: String) -> Bool {
            roots.contains(path) || path == home || systemTrees.contains { path.hasPrefix($0 + "/") }
        }
        return protected(path) || protected(realPath(path))
    }

    /// `path` with every symbolic link resolved: `realpath` of the deepest folder that exists,
    /// then the components that do not exist yet (they cannot be links).
    package static func realPath(_ path: String) -> String {
        var existing = path
        var rest: [String] = []
        while existing != "/" {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                let real = String(cString: resolved)
                return PathText.normalized(([real] + rest.reversed()).joined(separator: "/"))
            }
            rest.append(PathText.lastComponent(existing))
            existing = PathText.parent(existing)
        }
        return path
    }
}
