internal import CYaml
import AssetCore

/// A bound on what YAML aliases can make of a small file, checked on libyaml's events (the
/// parser Yams is built on) before Yams composes the document.
///
/// Yams composes an alias as the very node it names, and checks a mapping for duplicate keys by
/// hashing every key whole: an alias of a "billion laughs" sequence (nine levels of nine
/// aliases, 571 bytes) used as a key is hashed through all its 387 million nodes, for minutes.
/// So an alias of a list or mapping used as a key is refused (no manifest key is a collection),
/// and a document whose aliases expand it beyond `maximumNodes` nodes is refused too.
enum YAMLAliasBudget {
    /// Nodes a document's aliases may expand to, counted over its aliases only (a manifest of
    /// 1,000 assets is about 10,000 nodes, and one of 14,300 assets with no alias is not refused).
    static let maximumNodes = 200_000

    struct Problem: Equatable {
        var message: String
        var fix: String
        /// 1-based.
        var line: Int
        var column: Int
    }

    private struct Frame {
        var anchor: String?
        var isMapping: Bool
        var nodes = 1
        var children = 0
    }

    /// The first problem, or nil when the aliases are within bounds (or the text is not valid
    /// YAML: Yams reports that, with its own words).
    static func check(_ text: String) -> Problem? {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> Problem? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var stack: [Frame] = []
            /// Anchor → (expanded nodes, is a collection).
            var anchors: [String: (nodes: Int, isCollection: Bool)] = [:]
            var total = 0
            /// Nodes made by aliases alone: a manifest with no alias makes none, however long.
            var expanded = 0
            func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
                pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
            }
            /// Adds a finished node to its parent; false when aliases grew the document past the budget.
            func add(_ nodes: Int, alias: Bool = false) -> Bool {
                total += nodes
                if alias { expanded += nodes }
                if var parent = stack.popLast() {
                    parent.nodes += nodes
                    parent.children += 1
                    stack.append(parent)
                }
                return expanded <= maximumNodes
            }
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                let line = Int(event.start_mark.line) + 1, column = Int(event.start_mark.column) + 1
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_SCALAR_EVENT:
                    if let anchor = name(event.data.scalar.anchor) { anchors[anchor] = (1, false) }
                    _ = add(1)
                case YAML_SEQUENCE_START_EVENT:
                    stack.append(Frame(anchor: name(event.data.sequence_start.anchor), isMapping: false))
                case YAML_MAPPING_START_EVENT:
                    stack.append(Frame(anchor: name(event.data.mapping_start.anchor), isMapping: true))
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let frame = stack.popLast() else { return nil }
                    if let anchor = frame.anchor { anchors[anchor] = (frame.nodes, true) }
                    total -= frame.nodes - 1 // its children were counted as they came
                    if !add(frame.nodes) { return expansion(line, column) }
                case YAML_ALIAS_EVENT:
                    let alias = name(event.data.alias.anchor) ?? ""
                    guard let target = anchors[alias] else { return nil } // undefined: Yams says so
                    if let parent = stack.last, parent.isMapping, parent.children % 2 == 0, target.isCollection {
                        return Problem(message: "the alias \"*\(alias)\" is used as a mapping key, and names a list or mapping",
                                       fix: "write the key as plain text; an alias of a list or mapping cannot be a key",
                                       line: line, column: column)
                    }
                    if !add(target.nodes, alias: true) { return expansion(line, column) }
                default:
                    break
                }
            }
        }
    }

    private static func expansion(_ line: Int, _ column: Int) -> Problem {
        Problem(message: "aliases expand the document to more than \(maximumNodes) nodes",
                fix: "write the values out, or use fewer levels of aliases (this looks like a \"billion laughs\" file)",
                line: line, column: column)
    }
}

extension YAMLAliasBudget.Problem {
    func diagnostic(file: String) -> Diagnostic {
        .error(message, at: .source(SourceLocation(file: file, line: line, column: column)), fix: fix)
    }
}
