import ArgumentParser
import AssetCore
import BuildEngine
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Prints diagnostics to standard error in compiler form (`path:line:col: error: …`, then
/// `  fix: …`), with the manifest line and a caret and colour only when standard error is a
/// terminal (and neither `NO_COLOR` nor `--no-color` is set). `--quiet` drops the summary lines.
final class DiagnosticPrinter: @unchecked Sendable {
    private let isTerminal: Bool
    private let colour: Bool
    /// Summaries and notes are left out (`--quiet`); diagnostics are always printed.
    let quiet: Bool
    private var fileCache: [String: [Substring]] = [:]
    private let lock = NSLock()

    init(noColor: Bool = false, quiet: Bool = false) {
        isTerminal = isatty(STDERR_FILENO) != 0
        colour = isTerminal && !noColor && (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
        self.quiet = quiet
    }

    convenience init(_ terminal: TerminalOptions) {
        self.init(noColor: terminal.noColor, quiet: terminal.quiet)
    }

    /// A progress line that rewrites itself, for work that takes over a second; nil when standard
    /// error is not a terminal, in CI, or with `--quiet`.
    func progress(_ label: String, total: Int) -> ProgressLine? {
        guard isTerminal, !quiet, total > 0, (ProcessInfo.processInfo.environment["CI"] ?? "").isEmpty else { return nil }
        return ProgressLine(label: label, total: total)
    }

    /// A summary line: left out with `--quiet`.
    func note(_ text: String) {
        if !quiet { line(text) }
    }

    func print(_ diagnostics: [Diagnostic]) {
        for (diagnostic, more) in diagnostics.collapsingRepeats() {
            // Names from disk or a manifest may hold control characters: never print them raw.
            var text = ReportText.visible(more == 0 ? diagnostic.headline : Self.repeatLine(diagnostic, more: more))
            if colour {
                let code = diagnostic.severity == .error ? "\u{1B}[1;31m" : "\u{1B}[1;33m"
                let word = diagnostic.severity.rawValue + ":"
                text = text.replacingOccurrences(of: word, with: code + word + "\u{1B}[0m")
            }
            if more == 0, isTerminal, case .source(let location) = diagnostic.location, let line = sourceLine(location) {
                text += "\n" + line + "\n" + String(repeating: " ", count: max(0, location.column - 1)) + "^"
            }
            if let fix = CLIRemedy.fix(of: diagnostic) { text += "\n  fix: " + ReportText.visible(fix) }
            line(text)
        }
    }

    /// The line that stands for `more` diagnostics saying what the ones above it say
    /// (`collapsingRepeats`): `error: and 6,139 more like the above: cannot write file: …`.
    static func repeatLine(_ diagnostic: Diagnostic, more: Int) -> String {
        "\(diagnostic.severity.rawValue): and \(more) more like the above: \(diagnostic.message)"
    }

    /// One line to standard error.
    func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    private func sourceLine(_ location: SourceLocation) -> String? {
        if fileCache[location.file] == nil {
            guard let text = try? String(contentsOfFile: location.file, encoding: .utf8) else { return nil }
            fileCache[location.file] = text.split(separator: "\n", omittingEmptySubsequences: false)
        }
        guard let lines = fileCache[location.file], location.line >= 1, location.line <= lines.count else { return nil }
        return String(lines[location.line - 1])
    }
}

/// Options every command shares for what it prints.
struct TerminalOptions: ParsableArguments {
    @Flag(name: .long, help: "No colour in messages (also when the NO_COLOR environment variable is set).")
    var noColor = false

    @Flag(name: .long, help: "Print only warnings and errors: no summary, no progress.")
    var quiet = false
}

/// `rendering 45/139` on one line of standard error, rewritten at most ten times a second and
/// only once the work has taken a second; cleared when done.
final class ProgressLine: BuildProgress, @unchecked Sendable {
    private let label: String
    private let total: Int
    private let start = Date()
    private var done = 0
    private var lastShown = Date.distantPast
    private var shown = false
    private let lock = NSLock()

    init(label: String, total: Int) {
        self.label = label
        self.total = total
    }

    func advance() {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        let now = Date()
        guard now.timeIntervalSince(start) >= 1, now.timeIntervalSince(lastShown) >= 0.1 else { return }
        lastShown = now
        shown = true
        FileHandle.standardError.write(Data("\r\u{1B}[K\(label) \(done)/\(total)".utf8))
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if shown { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }
}
