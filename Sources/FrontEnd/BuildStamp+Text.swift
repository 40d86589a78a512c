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
        let path = StampPaths.read(String(line.utf8.dropFirst(parsed.pathStart)) ?? "", bases: bases)
        return parsed.size.map { .file(path: path, size: $0, mtime: parsed.mtime) } ?? .folder(path: path, mtime: parsed.mtime)
    }

    /// The lines of a stamp's text, split at each line feed by its bytes.
    package struct Lines {
        private var rest: Substring.UTF8View
        /// The last line given was the edit index's marker (`readList`).
        package var atIndex = false

        init(_ text: String) { rest = Substring(text).utf8 }

        /// Where the next line starts.
        var position: String.Index { rest.startIndex }

        /// Goes on from `index` (a line's start further on in the same text).
        mutating func skip(to index: String.Index) { rest = rest[index...] }

        mutating func next() -> Substring? {
            guard !rest.isEmpty else { return nil }
            let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            let line = Substring(rest[..<end])
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            return line
        }
    }
}

/// One line of the stamp's list read in place from its bytes: `F <size> <mtime> <path>` (`size`
/// set) or `D <mtime> <path>`, the path as written (`StampPaths`) from `pathStart` to the end.
/// The numbers are decimal digits with an optional `-`, as the stamp writes them; anything else is
/// no line.
struct StatLine {
    var size: Int64?
    var mtime: Int64
    var pathStart: Int

    init?(_ line: Substring) {
        var line = line
        guard let parsed = line.withUTF8({ StatLine(bytes: $0) }) else { return nil }
        self = parsed
    }

    init?(bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count > 2, bytes[1] == UInt8(ascii: " ") else { return nil }
        var at = 2
        func number() -> Int64? {
            let negative = at < bytes.count && bytes[at] == UInt8(ascii: "-")
            var index = negative ? at + 1 : at
            var value: Int64 = 0
            let first = index
            while index < bytes.count, bytes[index] != UInt8(ascii: " ") {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times.addingReportingOverflow(Int64(digit))
                guard !overflow, !overflow2 else { return nil }
                value = sum
                index += 1
            }
            guard index > first, index < bytes.count else { return nil }
            at = index + 1
            return negative ? -value : value
        }
        switch bytes[0] {
        case UInt8(ascii: "F"):
            guard let size = number(), let mtime = number() else { return nil }
            (self.size, self.mtime) = (size, mtime)
        case UInt8(ascii: "D"):
            guard let mtime = number() else { return nil }
            (self.size, self.mtime) = (nil, mtime)
        default:
            return nil
        }
        pathStart = at
    }

    /// The path as written, of `line` (the bytes this was read from).
    func path(of line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: line[pathStart...])
    }

    /// The absolute path of `line` into `buffer`, ending in NUL (as `StampPaths.read` makes it).
    func fill(_ buffer: inout [UInt8], line: UnsafeBufferPointer<UInt8>, bases: [[UInt8]]) {
        buffer.removeAll(keepingCapacity: true)
        let dot = UInt8(ascii: "."), slash = UInt8(ascii: "/"), at = UInt8(ascii: "@")
        var rest = path(of: line)[...]
        if rest.first == dot, rest.count == 1 || rest[rest.startIndex + 1] == slash, let base = bases.first {
            buffer += base
            rest = rest.dropFirst()
        } else if rest.first == at {
            let end = rest.firstIndex(of: slash) ?? rest.endIndex
            let digits = rest[(rest.startIndex + 1)..<end]
            if let index = Int(String(decoding: digits, as: UTF8.self)), bases.indices.contains(index) {
                buffer += bases[index]
                rest = rest[end...]
            }
        }
        buffer += rest
        buffer.append(0)
    }
}
