import AssetCatalog
import AssetCore
import AssetSpec
import Foundation
import FrontEnd
import MCP
import Verification
import XcodeProject

/// `verify`: the findings `assetsmith verify --format json` reports (rule, severity, file, line,
/// message, fix), for a manifest's catalog, a catalog on its own, or every catalog of a project,
/// run by `VerifySession` as the CLI runs it. The `verify:` rules of the manifest (or of
/// `.assetsmith-verify.yml` in the root or beside the project) apply.
extension ToolContext {
    static let verifyArguments = manifestArguments + ["catalog", "project", "appIcon", "strict", "rule", "severity", "asset"]
        + ResultPage.arguments

    /// The tool's names for what `VerifySession` words in a message.
    static let verifyOptionNames = VerifySession.OptionNames(catalog: "`catalog`", catalogWithValue: "`catalog`", appIcon: "`appIcon`")

    func verify(_ arguments: ToolArguments) throws(ToolFailure) -> ToolOutput {
        try arguments.checkNames(Self.verifyArguments)
        let projectPath = try arguments.string("project").map { (given: String) throws(ToolFailure) -> String in
            try jail.resolve(given, argument: "project")
        }
        var project = try projectPath.map { (path: String) throws(ToolFailure) -> ProjectFile in try loadProject(path) }
        let manifestPath = try jail.resolve(try arguments.string("manifest") ?? "assetsmith.yml", argument: "manifest")
        let root = jail.root
        let session = VerifySession(names: Self.verifyOptionNames, strictness: try arguments.bool("strict") ?? false ? .strict : .standard,
                                    showPath: { CurrentFolderText.shown($0, root: root) })
        let subject: VerifySession.Subject
        var notes: [String] = []
        if let catalog = try arguments.string("catalog") {
            subject = .catalog(try jail.resolve(catalog, argument: "catalog"), appIcon: try arguments.string("appIcon"))
        } else if project != nil, !FileManager.default.fileExists(atPath: manifestPath) {
            subject = .everyCatalog
        } else {
            let loaded = try loadManifest(arguments, recordedVariables: true)
            if project == nil, let named = loaded.manifest.project {
                project = try loadProject(try jail.resolve(PathText.absolute(named, relativeTo: loaded.manifest.directory), argument: "project"))
            }
            subject = .plan(loaded.plan, manifestDirectory: loaded.manifest.directory)
            notes = loaded.notes
        }
        let reports: [VerifyReport]
        do {
            reports = try session.reports(subject, project: project)
        } catch {
            throw ToolFailure(error.message, diagnostics: [error])
        }
        let rules: [Suppression.Rule]
        do {
            rules = try VerifySession.rules(manifestPath: manifestPath, project: projectPath)
        } catch {
            throw ToolFailure("the `verify:` rules are wrong: \(error.diagnostics.countSummary)", diagnostics: error.diagnostics)
        }
        return try verifyOutput(session.finished(reports, suppression: Suppression(rules: rules)), notes: notes, arguments: arguments)
    }

    /// One shape for one catalog or many (issue 51, 53): counts per catalog and by rule first, then
    /// the findings of every catalog as one paged list, narrowed by `rule`, `severity` or `asset`.
    private func verifyOutput(_ reports: [VerifyReport], notes: [String], arguments: ToolArguments) throws(ToolFailure) -> ToolOutput {
        let page = try ResultPage(arguments)
        let rule = try arguments.string("rule"), severity = try arguments.string("severity"), asset = try arguments.string("asset")
        if let rule, Finding.Rule(rawValue: rule) == nil {
            throw ToolFailure("`rule` \"\(ReportText.visible(rule))\" is not a verify rule",
                              fix: Suggestion.closest(to: rule, in: Finding.Rule.allCases.map(\.rawValue)).map { "did you mean \"\($0)\"?" }
                                  ?? "give a rule id of a finding (the `explain` tool lists them)")
        }
        if let severity, Diagnostic.Severity(rawValue: severity) == nil {
            throw ToolFailure("`severity` \"\(ReportText.visible(severity))\" is not one of error, warning, note")
        }
        let findings = reports.flatMap { report in report.findings.map { (report.catalog, $0) } }.filter { _, finding in
            (rule == nil || finding.rule.rawValue == rule) && (severity == nil || finding.severity.rawValue == severity)
                && (asset == nil || finding.asset == asset || finding.asset.map { PathText.lastComponent($0).hasPrefix((asset ?? "") + ".") } == true)
        }
        let passed = reports.allSatisfy(\.passed)
        var structured: [String: Value] = ["passed": .bool(passed), "notes": .array(notes.map { .string($0) })]
        structured["catalogs"] = .array(reports.map { report in
            var byRule: [String: Value] = [:]
            for finding in report.findings { byRule[finding.rule.rawValue] = .int((byRule[finding.rule.rawValue]?.intValue ?? 0) + 1) }
            return ["catalog": .string(report.catalog), "passed": .bool(report.passed), "errors": .int(report.errorCount),
                    "warnings": .int(report.warningCount), "notes": .int(report.noteCount), "suppressed": .int(report.suppressed),
                    "baselined": .int(report.baselined), "sets": .int(report.sets.count), "byRule": .object(byRule)]
        })
        structured["findings"] = page.page(findings) { catalog, finding in Self.findingValue(finding, catalog: catalog) }
        var text = notes.map { "note: " + $0 + "\n" }.joined()
        text += reports.map { "\($0.catalog): \($0.passed ? "passed" : "failed"), \($0.countSummary)" }.joined(separator: "\n")
        text += "\n" + page.text(findings, what: "findings") { catalog, finding in
            "\(catalog): \(finding.place): \(finding.severity.rawValue) [\(finding.rule.rawValue)]: \(finding.message)\n    fix: \(finding.fix)"
        }
        return ToolOutput(structured: structured, summary: text, isError: false)
    }

    /// A finding as data: the build's diagnostic shape with its rule and catalog (`Finding.diagnostic`).
    static func findingValue(_ finding: Finding, catalog: String) -> Value {
        DiagnosticJSON.value(finding.diagnostic, catalog: catalog)
    }

    func loadProject(_ path: String) throws(ToolFailure) -> ProjectFile {
        do {
            let url = try ProjectLookup.projectURL(path, option: "`project`")
            guard jail.contains(url.path) else { throw ToolFailure("the project \(url.path) is outside the server's root; refused") }
            do {
                return try ProjectFile.load(url)
            } catch {
                throw ProjectLookup.diagnostic(error)
            }
        } catch let diagnostic as Diagnostic {
            throw ToolFailure("cannot read the Xcode project: \(diagnostic.message)", diagnostics: [diagnostic])
        } catch let failure as ToolFailure {
            throw failure
        } catch {
            throw ToolFailure("cannot read the Xcode project: \(error)")
        }
    }
}
