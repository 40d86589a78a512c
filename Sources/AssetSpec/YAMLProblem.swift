import AssetCore
import Foundation
import Yams

/// A YAML syntax error in plain words, at its line and column, with a fix: the manifest and
/// launch templates alike (`file:line:col: error: …`, which Xcode and editors jump to).
enum YAMLProblem {
    static func diagnostic(_ error: YamlError, file: String) -> Diagnostic {
        func at(_ line: Int, _ column: Int) -> Diagnostic.Location {
            .source(SourceLocation(file: file, line: max(1, line), column: max(1, column)))
        }
        switch error {
        case .reader(let problem, let offset, let value, let yaml):
            let (line, column) = position(ofUTF8Offset: offset ?? 0, in: yaml)
            if problem.contains("control characters") {
                let code = value >= 0 ? String(format: " (U+%04X)", value) : ""
                return .error("the file holds a control character\(code), which YAML does not allow", at: at(line, column),
                              fix: "delete it: only tabs, line breaks and printable characters may appear")
            }
            return .error("invalid YAML: \(problem)", at: at(line, column), fix: "save the file as plain UTF-8 text")
        case .scanner(let context, let problem, let mark, let yaml), .parser(let context, let problem, let mark, let yaml):
            if problem.contains("cannot start any token"), character(at: mark, in: yaml) == "\t" {
                return .error("a tab character; YAML indents with spaces only", at: at(mark.line, mark.column),
                              fix: "replace the tab with spaces")
            }
            if problem.contains("did not find expected '-' indicator") || problem.contains("did not find expected key")
                || problem.contains("mapping values are not allowed") {
                return .error("this line is indented differently from the lines above it (\(problem))",
                              at: at(mark.line, mark.column),
                              fix: "indent the keys of one item by the same number of spaces, and quote values that contain \": \"")
            }
            let what = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            return .error("invalid YAML: \(what)", at: at(mark.line, mark.column),
                          fix: "check indentation and quoting on this line (colours need quotes: \"#1E6FD9\")")
        case .composer(let context, let problem, let mark, let yaml):
            if problem.contains("undefined alias") {
                let name = alias(at: mark, in: yaml)
                return .error("the alias \(name.map { "\"*\($0)\"" } ?? "here") refers to no anchor defined above it",
                              at: at(mark.line, mark.column),
                              fix: "define the anchor first (\(name.map { "&\($0)" } ?? "&name") on the value to repeat), or write the value out")
            }
            if (context?.text ?? "").contains("single document") || problem.contains("another document") {
                return .error("the file holds more than one YAML document (a second \"---\" line)", at: at(mark.line, mark.column),
                              fix: "keep one document: remove the \"---\" line and merge what follows into the first")
            }
            let what = [context?.text, problem].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
            return .error("invalid YAML: \(what)", at: at(mark.line, mark.column), fix: "check the YAML on this line")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.map { "\"\($0)\"" }.joined(separator: ", ")
            return .error("key \(keys) appears twice in the same mapping", at: at(context.mark.line, context.mark.column),
                          fix: "keep one of them")
        case .memory:
            return .error("the YAML is too large to read", at: .file(file), fix: "check that this is the right file")
        default:
            return .error("invalid YAML: \(error)", at: .file(file), fix: "check the file's syntax")
        }
    }

    /// Text that is not UTF-8, located at its first bad byte.
    static func notUTF8(_ data: Data, file: String) -> Diagnostic {
        var line = 1
        var column = 1
        var iterator = data.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.first == 0x0A { line += 1; column = 1 } else { column += 1 }
            case .emptyInput, .error:
                break loop
            }
        }
        return .error("the file is not UTF-8 text (the first bad byte is here)",
                      at: .source(SourceLocation(file: file, line: line, column: column)),
                      fix: "save it as UTF-8 (most editors: Save with Encoding → UTF-8)")
    }

    /// 1-based line and column (in Unicode scalars) of a byte offset into `text`.
    static func position(ofUTF8Offset offset: Int, in text: String) -> (Int, Int) {
        let bytes = text.utf8.prefix(max(0, offset))
        let prefix = String(decoding: bytes, as: UTF8.self)
        let line = prefix.reduce(into: 1) { count, character in if character == "\n" { count += 1 } }
        let column = (prefix.split(separator: "\n", omittingEmptySubsequences: false).last?.unicodeScalars.count ?? 0) + 1
        return (line, column)
    }

    private static func lineText(_ mark: Mark, in text: String) -> Substring? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return mark.line >= 1 && mark.line <= lines.count ? lines[mark.line - 1] : nil
    }

    private static func character(at mark: Mark, in text: String) -> Character? {
        guard let line = lineText(mark, in: text) else { return nil }
        let scalars = Array(line.unicodeScalars)
        return mark.column >= 1 && mark.column <= scalars.count ? Character(scalars[mark.column - 1]) : nil
    }

    /// The name after `*` at `mark`.
    private static func alias(at mark: Mark, in text: String) -> String? {
        guard let line = lineText(mark, in: text) else { return nil }
        let scalars = Array(line.unicodeScalars).dropFirst(max(0, mark.column - 1))
        guard scalars.first == "*" else { return nil }
        let name = scalars.dropFirst().prefix { !CharacterSet.whitespaces.contains($0) && !",]}".unicodeScalars.contains($0) }
        return name.isEmpty ? nil : String(String.UnicodeScalarView(name))
    }
}
