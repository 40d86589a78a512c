import AssetSpec
import Foundation
import MCP
import Verification

/// `explain`: a verify rule id → what it checks, how severe it is (on a catalog made elsewhere and
/// on one Assetsmith wrote), why (Apple's evidence or our house rule) and how to fix it, all from
/// the rule's declaration (`RuleDeclaration`, which Docs/verify.md's rules table is held to), one
/// case per row of that table.
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
        let declaration = rule.declaration
        let cases: [Value] = declaration.cases.map { row in
            .object(["checks": .string(row.checks), "madeElsewhere": .string(row.madeElsewhere), "own": .string(row.own),
                     "why": .string(row.evidence)])
        }
        let structured: [String: Value] = ["rule": .string(rule.rawValue), "cases": .array(cases), "fix": .string(declaration.fix),
                                           "documented": .bool(!declaration.cases.isEmpty)]
        var summary = "\(rule.rawValue):"
        summary += declaration.cases.map {
            "\n- checks: \($0.checks)\n  severity: \($0.madeElsewhere) (catalog made elsewhere), \($0.own) (Assetsmith's own)\n  why: \($0.evidence)"
        }.joined()
        summary += "\nfix: " + declaration.fix
        return ToolOutput(structured: structured, summary: summary)
    }
}
