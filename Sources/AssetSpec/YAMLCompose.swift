import Foundation
import Yams

/// The manifest's YAML tree, composed by Yams for less (issue 38).
///
/// Yams checks each mapping for duplicate keys by hashing its keys with their resolved tags, and
/// its default resolver finds a plain key's tag by matching it against the core schema's regular
/// expressions (bool, int, float, null, timestamp, merge, value): some 40 % of composing 4,000
/// assets. No manifest key is anything but a word, so the text is composed first with no rules
/// (`Resolver.basic`: every plain scalar a string), and that tree is kept only when it is the very
/// tree the default resolver gives: no error, and every mapping key a scalar that the default
/// resolver also reads as a string (so equal keys, and therefore duplicates, are the same under
/// both). Otherwise the default composition runs as it always did, and its tree or its error
/// (the same words, the same line) is the answer. Nothing reads a value's tag afterwards: the
/// loader reads every value as text.
enum YAMLCompose {
    static func compose(_ text: String) throws -> Node? {
        if let node = try? Yams.compose(yaml: text, .basic) {
            var strings: [String: Bool] = [:]
            if keysAreStrings(node, known: &strings) { return node }
        }
        return try Yams.compose(yaml: text)
    }

    /// Whether every mapping key under `node` is a scalar the default resolver reads as a string
    /// (a quoted one always is); `known` remembers the answer for each plain key's text, so the
    /// schema's expressions run once a distinct key, not once a key.
    static func keysAreStrings(_ node: Node, known: inout [String: Bool]) -> Bool {
        switch node {
        case .scalar:
            return true
        case .alias:
            return false
        case .sequence(let sequence):
            return sequence.allSatisfy { keysAreStrings($0, known: &known) }
        case .mapping(let mapping):
            for (key, value) in mapping {
                guard case .scalar(let scalar) = key,
                      scalar.style != .plain || isString(scalar.string, known: &known),
                      keysAreStrings(value, known: &known) else { return false }
            }
            return true
        }
    }

    /// Whether the default resolver gives a plain, untagged `text` the tag `str`.
    private static func isString(_ text: String, known: inout [String: Bool]) -> Bool {
        if let answer = known[text] { return answer }
        let answer = Resolver.default.resolveTag(of: Node(text)) == .str
        known[text] = answer
        return answer
    }
}
