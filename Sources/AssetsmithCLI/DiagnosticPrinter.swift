import AssetCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Prints diagnostics to standard error in compiler form (`path:line:col: error: …`, then
/// `  fix: …`), with the manifest line and a caret and colour only when standard error is a terminal.
final class DiagnosticPrinter {
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private var fileCache: [String: [Substring]] = [:]

    func print(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            var text = diagnostic.headline
            if isTerminal {
                let colour = diagnostic.severity == .error ? "\u{1B}[1;31m" : "\u{1B}[1;33m"
                let word = diagnostic.severity.rawValue + ":"
                text = text.replacingOccurrences(of: word, with: colour + word + "\u{1B}[0m")
                if case .source(let location) = diagnostic.location, let line = sourceLine(location) {
                    text += "\n" + line + "\n" + String(repeating: " ", count: max(0, location.column - 1)) + "^"
                }
            }
            if let fix = diagnostic.fix { text += "\n  fix: " + fix }
            line(text)
        }
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
