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

    /// Docs/verify.md's rules table is the declarations' table, byte for byte: a rule, a case, a
    /// severity or a word of evidence changed on one side only fails here. `RECORD_DOCS=1` rewrites
    /// the page's table from the declarations (read the diff before committing).
    @Test func theRulesTableIsTheDeclarations() throws {
        let url = Fixtures.repoRoot.appendingPathComponent("Docs/verify.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: RuleDeclaration.tableHeader[0]), "Docs/verify.md has no rules table")
        let end = lines[start...].firstIndex(of: "") ?? lines.endIndex
        let expected = RuleDeclaration.markdownTable()
        if lines[start..<end].elementsEqual(expected) { return }
        if ProcessInfo.processInfo.environment["RECORD_DOCS"] == "1" {
            lines.replaceSubrange(start..<end, with: expected)
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            return
        }
        for (index, line) in expected.enumerated() where index >= end - start || lines[start + index] != line {
            Issue.record("Docs/verify.md:\(start + index + 1) should be (RECORD_DOCS=1 rewrites it):\n\(line)")
        }
        #expect(end - start == expected.count, "Docs/verify.md's rules table has \(end - start) lines; the declarations make \(expected.count)")
    }

    /// Every rule is declared exactly once, with at least one case, each with its evidence and
    /// both severities, and a fix.
    @Test func everyRuleIsDeclaredOnce() {
        #expect(RuleDeclaration.all.map(\.rule).sorted { $0.rawValue < $1.rawValue }
            == Finding.Rule.allCases.sorted { $0.rawValue < $1.rawValue })
        for rule in Finding.Rule.allCases {
            let declaration = rule.declaration
            #expect(declaration.rule == rule)
            #expect(!declaration.cases.isEmpty, "\(rule.rawValue) has no case")
            #expect(!declaration.fix.isEmpty, "\(rule.rawValue) has no fix")
            for row in declaration.cases {
                #expect(![row.checks, row.madeElsewhere, row.own, row.evidence].contains { $0.isEmpty || $0.contains("|") },
                        "\(rule.rawValue): an empty cell, or a \"|\" that would split the table's row")
            }
        }
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
