/// Paths as text: joined and normalised lexically (`a/./b/../c` → `a/c`), without touching the
/// file system. Foundation's `standardizingPath` asks the file system about every component,
/// which made reading a manifest of a thousand sources slow.
package enum PathText {
    /// `path` made absolute against `base` (when relative) and normalised.
    package static func absolute(_ path: String, relativeTo base: String) -> String {
        normalized(path.hasPrefix("/") ? path : base + "/" + path)
    }

    /// Drops empty and `.` components and resolves `..` against the component before it.
    package static func normalized(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else if part == "..", isAbsolute {
                continue // "/.." is "/"
            } else {
                parts.append(part)
            }
        }
        let joined = parts.joined(separator: "/")
        return isAbsolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// `path` relative to the folder `base` when it lies below it, otherwise `path` unchanged.
    package static func relative(_ path: String, to base: String) -> String {
        let prefix = base.hasSuffix("/") ? base : base + "/"
        if path == base { return "." }
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
