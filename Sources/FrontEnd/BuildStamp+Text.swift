import AssetCore
import BuildEngine
import Foundation

// MARK: Text form (one record per line; paths last, so they may hold spaces)

extension BuildStamp {
    /// The stamp's text, each path written relative to one of `bases` (`StampPaths`).
    package func text(bases: [String]) -> String { pieces(bases: bases).joined() }

    /// The text in pieces that follow each other (the head, the file lines in chunks made over
    /// the cores, the folders): written one after the other, the whole text is never made twice
    /// (at 50,000 assets it is 20 MB, and joining it held it twice, issue 38).
    package func pieces(bases: [String]) -> [String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let notes = (try? encoder.encode(diagnostics)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        let head = [Self.header, "manifest \(manifestSHA)", "settings \(settings)", "summary \(assets) \(jobs) \(files)",
                    "diagnostics \(notes)"].joined(separator: "\n") + "\n"
        let writer = StampPaths.Writer(bases: bases)
        let lines = parallelChunks(entries, threads: ProcessInfo.processInfo.activeProcessorCount) { chunk -> [String] in
            var part = ""
            part.reserveCapacity(chunk.count * 100)
            for entry in chunk {
                part += "F " + String(entry.size) + " " + String(entry.mtime) + " " + writer.written(entry.path) + "\n"
            }
            return [part]
        }
        let folderLines = parallelChunks(folders, threads: ProcessInfo.processInfo.activeProcessorCount) { chunk -> [String] in
            var part = ""
            for folder in chunk { part += "D " + String(folder.mtime) + " " + writer.written(folder.path) + "\n" }
            return [part]
        }
        return [head] + lines + folderLines + (index.map { [$0.lines(bases: bases)] } ?? [])
    }

    /// The lines before the file list: what must agree before any file is looked at.
    package struct Head {
        var manifestSHA: Substring
        var settings: Substring
        var counts: [Int]
        /// The diagnostics as JSON, decoded only once everything else agrees (`diagnostics()`).
        var notes: Substring

        func diagnostics() -> [Diagnostic]? { try? JSONDecoder().decode([Diagnostic].self, from: Data(notes.utf8)) }
    }

    /// One line of the file list: `F <size> <mtime> <path>` or `D <mtime> <path>`.
    package enum Line {
        case file(path: String, size: Int64, mtime: Int64)
        case folder(path: String, mtime: Int64)
    }

    package static func parse(_ text: String, bases: [String]) -> BuildStamp? {
        var lines = Lines(text)
        guard let head = head(&lines), let diagnostics = head.diagnostics() else { return nil }
        var entries: [(path: String, size: Int64, mtime: Int64)] = []
        var folders: [(path: String, mtime: Int64)] = []
        let complete = readList(&lines, bases: bases) { line in
            switch line {
            case .file(let path, let size, let mtime): entries.append((path, size, mtime))
            case .folder(let path, let mtime): folders.append((path, mtime))
            }
            return true
        }
        guard complete else { return nil }
        var stamp = BuildStamp(manifestSHA: String(head.manifestSHA), settings: String(head.settings), assets: head.counts[0],
                               jobs: head.counts[1], files: head.counts[2], diagnostics: diagnostics, entries: entries, folders: folders)
        if lines.atIndex {
            guard let index = EditIndex.parse(&lines, bases: bases) else { return nil }
            stamp.index = index
        }
        return stamp
    }

    /// The header and the four lines after it; nil when any is not what `text(bases:)` writes.
    package static func head(_ lines: inout Lines) -> Head? {
        guard lines.next() == Substring(header) else { return nil }
        func field(_ name: String) -> Substring? {
            guard let line = lines.next(), line.hasPrefix(name + " ") else { return nil }
            return line.dropFirst(name.count + 1)
        }
        guard let sha = field("manifest"), let settings = field("settings"), let summary = field("summary"),
              let notes = field("diagnostics") else { return nil }
        let counts = summary.split(separator: " ").compactMap { Int($0) }
        guard counts.count == 3 else { return nil }
        return Head(manifestSHA: sha, settings: settings, counts: counts, notes: notes)
    }

    /// Gives each line of the file list to `visit` in order while it returns true. True when every
    /// line was read and accepted (up to the edit index, if there is one: `lines.atIndex`); false
    /// at the first line `visit` refuses or that is not a file list line (empty lines are skipped).
    package static func readList(_ lines: inout Lines, bases: [String], visit: (Line) -> Bool) -> Bool {
        while let line = lines.next() {
            if line.isEmpty { continue }
            if line == Substring(EditIndex.marker) {
                lines.atIndex = true
                return true
            }
            guard let parsed = listLine(line, bases: bases), visit(parsed) else { return false }
        }
        return true
    }

    /// `F <size> <mtime> <path>` or `D <mtime> <path>`: the numbers as written (a field that is
    /// not a number is no line), the path everything after them, spaces included.
    package static func listLine(_ line: Substring, bases: [String]) -> Line? {
        guard let parsed = StatLine(line) else { return nil }
        let path = StampPaths.read(String(Substring(parsed.path)), bases: bases)
        return parsed.size.map { .file(path: path, size: $0, mtime: parsed.mtime) } ?? .folder(path: path, mtime: parsed.mtime)
    }

    /// The lines of a stamp's text, split at each line feed by its bytes.
    package struct Lines {
        private var rest: Substring.UTF8View
        /// The last line given was the edit index's marker (`readList`).
        package var atIndex = false

        init(_ text: String) { rest = Substring(text).utf8 }

        mutating func next() -> Substring? {
            guard !rest.isEmpty else { return nil }
            let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            let line = Substring(rest[..<end])
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            return line
        }
    }
}

/// One line of the stamp's list read in place: `F <size> <mtime> <path>` (`size` set) or
/// `D <mtime> <path>`, the path as written (`StampPaths`).
struct StatLine {
    var size: Int64?
    var mtime: Int64
    var path: Substring.UTF8View

    init?(_ line: Substring) {
        let utf8 = line.utf8
        guard utf8.count > 2, utf8[utf8.index(after: utf8.startIndex)] == UInt8(ascii: " ") else { return nil }
        var rest = utf8.dropFirst(2)
        func number() -> Int64? {
            guard let space = rest.firstIndex(of: UInt8(ascii: " ")) else { return nil }
            let field = Substring(rest[..<space])
            rest = rest[utf8.index(after: space)...]
            return Int64(field)
        }
        switch utf8.first {
        case UInt8(ascii: "F"):
            guard let size = number(), let mtime = number() else { return nil }
            (self.size, self.mtime) = (size, mtime)
        case UInt8(ascii: "D"):
            guard let mtime = number() else { return nil }
            (self.size, self.mtime) = (nil, mtime)
        default:
            return nil
        }
        path = rest
    }

    /// The absolute path into `buffer`, ending in NUL (as `StampPaths.read` makes it); false for
    /// a base index that is not one of `bases`.
    func fill(_ buffer: inout [UInt8], bases: [[UInt8]]) -> Bool {
        buffer.removeAll(keepingCapacity: true)
        let dot = UInt8(ascii: "."), slash = UInt8(ascii: "/"), at = UInt8(ascii: "@")
        var rest = path[...]
        if rest.first == dot, rest.count == 1 || rest[rest.index(after: rest.startIndex)] == slash, let base = bases.first {
            buffer += base
            rest = rest.dropFirst()
        } else if rest.first == at {
            let end = rest.firstIndex(of: slash) ?? rest.endIndex
            if let index = Int(Substring(rest[rest.index(after: rest.startIndex)..<end])), bases.indices.contains(index) {
                buffer += bases[index]
                rest = rest[end...]
            }
        }
        buffer += rest
        buffer.append(0)
        return !buffer.isEmpty
    }
}
