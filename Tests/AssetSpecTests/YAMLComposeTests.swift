import Foundation
import Testing
import Yams
@testable import AssetSpec

/// Issue 38: the manifest is composed without the core schema's expressions only when that gives
/// the tree Yams's default composition gives; otherwise the default one answers, so a manifest
/// reads, and fails, as it always did.
@Suite struct YAMLComposeTests {
    /// The tree as the loader reads it: kinds, texts, styles and places.
    static func shape(_ node: Node?) -> String {
        guard let node else { return "none" }
        let at = node.mark.map { "@\($0.line):\($0.column)" } ?? ""
        switch node {
        case .scalar(let scalar): return "s(\(scalar.string.debugDescription) \(scalar.style)\(at))"
        case .alias: return "alias"
        case .sequence(let sequence): return "[" + sequence.map(shape).joined(separator: ", ") + "]\(at)"
        case .mapping(let mapping):
            return "{" + mapping.map { shape($0.key) + ": " + shape($0.value) }.joined(separator: ", ") + "}\(at)"
        }
    }

    static func outcome(_ compose: () throws -> Node?) -> String {
        do { return shape(try compose()) } catch { return "error: \(error)" }
    }

    static let documents = [
        "table: ios18\nassets:\n  - {name: Image1, kind: image, source: Art/a.svg, size: 24}\n  - name: B\n    kind: image\n",
        "a: 1\n\"1\": x\n1: y\n",                 // a plain key the schema reads as a number, and the same text quoted
        "true: 1\n\"true\": 2\n",
        "1: a\n1: b\n",                           // the same number twice
        "!!int 1: a\n1: b\n",                     // the same number, tagged and plain
        "name: a\nname: b\n",                     // a real duplicate
        "base: &b {x: 1}\nother:\n  <<: *b\n  y: 2\n",
        "=: v\n",
        "? [a, b]\n: c\n",                         // a list as a key
        "a: [1, 2\nb: c\n",                        // bad YAML
        "a: 1\na: 2\nb: [\n",                      // a duplicate, then bad YAML
        "null: 1\n~: 2\n",
        "",
        "# only a comment\n",
        "k: &x v\nl: *x\n",
    ]

    @Test func everyDocumentComposesAsTheDefaultDoes() {
        for text in Self.documents {
            let fast = Self.outcome { try YAMLCompose.compose(text) }
            let standard = Self.outcome { try Yams.compose(yaml: text) }
            #expect(fast == standard, "\(text.debugDescription)")
        }
    }

    @Test func onlyKeysTheSchemaReadsAsStringsKeepTheFastTree() throws {
        var known: [String: Bool] = [:]
        let plain = try #require(try Yams.compose(yaml: "assets:\n  - {name: A, kind: image}\n\"1\": quoted\n", .basic))
        #expect(YAMLCompose.keysAreStrings(plain, known: &known))
        #expect(known == ["assets": true, "name": true, "kind": true], "each key's text looked at once")
        for text in ["1: a\n", "x:\n  - {true: 1}\n", "? [a]\n: b\n", "<<: {a: 1}\n", "2024-01-01: a\n"] {
            let node = try #require(try Yams.compose(yaml: text, .basic))
            #expect(!YAMLCompose.keysAreStrings(node, known: &known), "\(text.debugDescription)")
        }
    }
}
