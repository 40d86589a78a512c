import Foundation
import Testing
import TestSupport
import Verification

/// Every rule id verify can report is documented with its evidence in docs/verify-rules.md, and
/// the document names no rule that does not exist (issue 34: rule ids a team can suppress).
@Suite struct RuleDocsTests {
    static func document() throws -> String {
        let root = Fixtures.repoRoot
        return try String(contentsOf: root.appendingPathComponent("docs/verify-rules.md"), encoding: .utf8)
    }

    @Test func everyRuleHasARowWithEvidence() throws {
        let text = try Self.document()
        for rule in Finding.Rule.allCases {
            let rows = text.split(separator: "\n").filter { $0.hasPrefix("| `\(rule.rawValue)` |") }
            #expect(!rows.isEmpty, "docs/verify-rules.md has no row for \(rule.rawValue)")
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
            #expect(known.contains(String(id)), "docs/verify-rules.md names the unknown rule \(id)")
        }
    }

    /// A rule id the README names (`rule \`stack\``, `(\`project-icon\``) exists.
    @Test func theReadmeNamesOnlyRulesThatExist() throws {
        let known = Set(Finding.Rule.allCases.map(\.rawValue))
        let text = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var named: [String] = []
        for marker in ["rule `", "(rule `"] {
            var rest = Substring(text)
            while let start = rest.range(of: marker) {
                rest = rest[start.upperBound...]
                named.append(String(rest.prefix { $0 != "`" }))
            }
        }
        #expect(!named.isEmpty)
        for id in named where !id.hasSuffix("*") {
            #expect(known.contains(id), "README names the unknown rule \(id)")
        }
    }
}
