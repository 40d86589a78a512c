import Foundation
import Testing
import TestSupport
import Verification

/// Every rule id verify can report is documented with its evidence in Docs/verify.md (its
/// "Rules" section), and the document names no rule that does not exist (issue 34: rule ids a
/// team can suppress; issue 37: the rules live in Docs/verify.md).
@Suite struct RuleDocsTests {
    /// The "Rules" section of Docs/verify.md: from its heading to the next heading of that level.
    static func document() throws -> String {
        let text = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("Docs/verify.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "## Rules") else { return "" }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        return lines[start..<end].joined(separator: "\n")
    }

    @Test func everyRuleHasARowWithEvidence() throws {
        let text = try Self.document()
        #expect(text.contains("| rule | checks |"), "Docs/verify.md has no \"## Rules\" section with the rule table")
        for rule in Finding.Rule.allCases {
            let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `\(rule.rawValue)` |") }
            #expect(!rows.isEmpty, "Docs/verify.md has no row for \(rule.rawValue)")
            for row in rows {
                let evidence = row.split(separator: "|").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                #expect(!evidence.isEmpty, "\(rule.rawValue) has no evidence")
            }
        }
    }

    @Test func theDocumentNamesOnlyRulesThatExist() throws {
        let known = Set(Finding.Rule.allCases.map(\.rawValue))
        for line in try Self.document().split(separator: "\n") where line.hasPrefix("| `") {
            let id = line.dropFirst(3).prefix { $0 != "`" }
            #expect(known.contains(String(id)), "Docs/verify.md names the unknown rule \(id)")
        }
    }

    /// A rule id the README or a page of Docs names (`rule \`stack\``, `(\`project-icon\``) exists.
    @Test func theReadmeNamesOnlyRulesThatExist() throws {
        let known = Set(Finding.Rule.allCases.map(\.rawValue))
        let root = Fixtures.repoRoot
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Docs").path)
            .filter { $0.hasSuffix(".md") }.map { "Docs/" + $0 }
        var named: [String] = []
        for page in ["README.md", "CONTRIBUTING.md"] + docs {
            let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
            for marker in ["rule `", "(rule `"] {
                var rest = Substring(text)
                while let start = rest.range(of: marker) {
                    rest = rest[start.upperBound...]
                    named.append(String(rest.prefix { $0 != "`" }))
                }
            }
        }
        #expect(!named.isEmpty)
        for id in named where !id.hasSuffix("*") {
            #expect(known.contains(id), "the docs name the unknown rule \(id)")
        }
    }
}
