import AssetSpec
import Foundation
import MCP
import Verification

/// `explain`: a verify rule id → what it checks, how severe it is (on a catalog made elsewhere and
/// on one Assetsmith wrote), why (Apple's evidence or our house rule) and how to fix it. What and
/// why come from the rules table of Docs/verify.md (one row per case of the rule), the fix
/// from `RuleAdvice`.
extension ToolContext {
    func explain(_ arguments: ToolArguments) throws(ToolFailure) -> ToolOutput {
        try arguments.checkNames(["rule"])
        guard let given = try arguments.string("rule") else {
            throw ToolFailure("`rule` is required", fix: "give a rule id from a verify finding, such as \"pixel-size\"")
        }
        let ids = Finding.Rule.allCases.map(\.rawValue)
        guard let rule = Finding.Rule(rawValue: given.trimmingCharacters(in: .whitespaces).lowercased()) else {
            let guess = Suggestion.closest(to: given, in: ids).map { "did you mean \"\($0)\"? " } ?? ""
            throw ToolFailure("\"\(given)\" is not a verify rule", fix: guess + "the rules are: " + ids.joined(separator: ", "))
        }
        let rows = RulesTable.rows(for: rule.rawValue)
        let cases: [Value] = rows.map { row in
            .object(["checks": .string(row.checks), "madeElsewhere": .string(row.elsewhere), "own": .string(row.own),
                     "why": .string(row.evidence)])
        }
        let structured: [String: Value] = ["rule": .string(rule.rawValue), "cases": .array(cases), "fix": .string(RuleAdvice.fix(rule)),
                                           "documented": .bool(!rows.isEmpty)]
        var summary = "\(rule.rawValue):"
        summary += rows.map { "\n- checks: \($0.checks)\n  severity: \($0.elsewhere) (catalog made elsewhere), \($0.own) (Assetsmith's own)\n  why: \($0.evidence)" }
            .joined()
        if rows.isEmpty { summary += " (Docs/verify.md is not installed beside the binary; only the fix is known)" }
        summary += "\nfix: " + RuleAdvice.fix(rule)
        return ToolOutput(structured: structured, summary: summary)
    }
}

/// The rules table of Docs/verify.md: `| \`rule\` | checks | made elsewhere | own | evidence |`.
enum RulesTable {
    struct Row {
        var checks: String
        var elsewhere: String
        var own: String
        var evidence: String
    }

    static func rows(for rule: String) -> [Row] {
        guard let path = DocsLocator.pages().first(where: { $0.name == "verify.md" })?.path,
              let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 7, cells[1] == "`\(rule)`" else { return nil }
            return Row(checks: cells[2], elsewhere: cells[3], own: cells[4], evidence: cells[5...].dropLast().joined(separator: "|"))
        }
    }
}
