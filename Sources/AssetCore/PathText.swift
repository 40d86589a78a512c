import Foundation

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
        isNormal(path) ? path : rebuilt(path)
    }

    /// Whether `path` has no empty, `.` or `..` component (and is not empty), so normalising it
    /// gives it back as it is: one pass over its bytes, where taking it apart and joining it
    /// again cost 6 % of reading a manifest of 50,000 sources (issue 38).
    package static func isNormal(_ path: String) -> Bool {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        var length = 0 // bytes of the component so far
        var onlyDots = true
        for (offset, byte) in path.utf8.enumerated() {
            if byte == slash {
                if offset == 0 { continue } // an absolute path's root
                if length == 0 || (onlyDots && length <= 2) { return false }
                length = 0
                onlyDots = true
            } else {
                length += 1
                if byte != dot { onlyDots = false }
            }
        }
        if length == 0 { return path == "/" }
        return !(onlyDots && length <= 2)
    }

    /// `normalized` the long way: the components taken apart and joined again.
    package static func rebuilt(_ path: String) -> String {
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

    /// The last component of `path`, as `NSString.lastPathComponent` gives it ("a/b/" → "b",
    /// "/" → "/", "" → ""). Written out because swift-corelibs-foundation 6.3 traps on a path of
    /// one character ("a", "*", "a/"), which a manifest can hold. The slash is found by its byte,
    /// as the file system finds it (by characters, a slash with a combining mark after it was
    /// passed over, and looking cost 0.3 s of verifying 50,000 sets, issue 50).
    package static func lastComponent(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        if trimmed.utf8.elementsEqual("/".utf8) || trimmed.isEmpty { return String(trimmed) }
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return String(trimmed) }
        return String(trimmed[trimmed.utf8.index(after: slash)...])
    }

    /// `path` without its last component, as `NSString.deletingLastPathComponent` gives it
    /// ("a/b" → "a", "/a" → "/", "a" → "", "a//b/" → "a"); see `lastComponent` for why.
    package static func parent(_ path: String) -> String {
        let trimmed = withoutTrailingSlashes(path)
        if trimmed.utf8.elementsEqual("/".utf8) { return "/" }
        guard let slash = trimmed.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        let head = withoutTrailingSlashes(String(trimmed[..<slash]))
        return head.isEmpty || head.utf8.elementsEqual("/".utf8) ? "/" : String(head)
    }

    /// `path` with trailing slashes removed, keeping a lone "/".
    private static func withoutTrailingSlashes(_ path: String) -> Substring {
        var trimmed = Substring(path)
        // Most paths end in no slash: one byte looked at, not the characters counted (issue 50).
        guard trimmed.utf8.last == UInt8(ascii: "/") else { return trimmed }
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed
    }

    /// The extension of a file or folder name (`png` for `Icon@2x.png`, "" for `Icon`), as
    /// `NSString.pathExtension` gives it. A name of plain ASCII letters, digits, `_-@+~` and dots
    /// (not first or last) is taken apart here, by its bytes; any other goes to Foundation. Verify
    /// asks this of every file and set of a catalog, and Foundation's answer cost ~7 % of verifying
    /// 50,000 sets on Linux (issue 50).
    package static func fileExtension(_ name: String) -> String {
        var lastDot: Int?
        var count = 0
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "@"), UInt8(ascii: "+"), UInt8(ascii: "~"):
                break
            case UInt8(ascii: "."):
                guard count > 0 else { return (name as NSString).pathExtension }
                lastDot = count
            default:
                return (name as NSString).pathExtension
            }
            count += 1
        }
        guard let lastDot else { return "" }
        guard lastDot < count - 1 else { return (name as NSString).pathExtension }
        return String(decoding: name.utf8.suffix(count - lastDot - 1), as: UTF8.self)
    }
}
