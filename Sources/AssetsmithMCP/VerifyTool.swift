import AssetCatalog
import AssetCore
import AssetSpec
import Foundation
import FrontEnd
import MCP
import Verification
import XcodeProject

/// `verify`: the findings `assetsmith verify --format json` reports (rule, severity, file, line,
/// message, fix), for a manifest's catalog, a catalog on its own, or every catalog of a project.
/// The `verify:` rules of the manifest (or of `.assetsmith-verify.yml` in the root) apply.
extension ToolContext {
    static let verifyArguments = manifestArguments + ["catalog", "project", "appIcon", "strict", "rule", "severity", "asset"]
        + ResultPage.arguments

    func verify(_ arguments: ToolArguments) throws(ToolFailure) -> ToolOutput {
        try arguments.checkNames(Self.verifyArguments)
        let project = try arguments.string("project").map { (given: String) throws(ToolFailure) -> ProjectFile in
            try loadProject(try jail.resolve(given, argument: "project"))
        }
        let manifestPath = try jail.resolve(try arguments.string("manifest") ?? "assetsmith.yml", argument: "manifest")
        var reports: [VerifyReport]
        var notes: [String] = []
        if let catalog = try arguments.string("catalog") {
            let path = try jail.resolve(catalog, argument: "catalog")
            reports = [try verifyCatalog(path, project: project, appIcon: try arguments.string("appIcon"))]
        } else if let project, !FileManager.default.fileExists(atPath: manifestPath) {
            let catalogs = ProjectLookup.catalogs(of: project)
            guard !catalogs.isEmpty else {
                throw ToolFailure("no target of \(project.path) builds an asset catalog; nothing to verify", fix: "give the catalog with `catalog`")
            }
            reports = try catalogs.map { (path: String) throws(ToolFailure) -> VerifyReport in
                var report = try verifyCatalog(path, project: project, appIcon: nil, home: catalogs.count > 1)
                report.catalog = CurrentFolderText.shown(path, root: jail.root)
                return report
            }
        } else {
            let (report, loadingNotes) = try verifyManifest(arguments, project: project)
            reports = [report]
            notes = loadingNotes
        }
        let suppression = try suppression(manifestPath: manifestPath)
        let strict = try arguments.bool("strict") ?? false
        reports = reports.map { strict ? suppression.apply(to: $0).promotingWarnings() : suppression.apply(to: $0) }
        return try verifyOutput(reports, notes: notes, arguments: arguments)
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

    /// A finding as data: what `assetsmith verify --format json` gives for it, with its catalog.
    static func findingValue(_ finding: Finding, catalog: String) -> Value {
        var object: [String: Value] = ["severity": .string(finding.severity.rawValue), "rule": .string(finding.rule.rawValue),
                                       "catalog": .string(catalog), "file": .string(finding.file),
                                       "message": .string(finding.message), "fix": .string(finding.fix)]
        if let line = finding.line { object["line"] = .int(line) }
        if let column = finding.column { object["column"] = .int(column) }
        if let asset = finding.asset { object["asset"] = .string(asset) }
        return .object(object)
    }

    private func verifyManifest(_ arguments: ToolArguments, project: ProjectFile?) throws(ToolFailure) -> (VerifyReport, [String]) {
        let loaded = try loadManifest(arguments, recordedVariables: true)
        let plan = loaded.plan
        let catalog = plan.outputDirectory + "/" + plan.catalogFolder
        let record = BuildRecord.read(at: StateFolder(plan: plan).record)
        var file = project
        if file == nil, let named = loaded.manifest.project {
            file = try loadProject(try jail.resolve(PathText.absolute(named, relativeTo: loaded.manifest.directory), argument: "project"))
        }
        var iconRoles: IconRoles?
        if let file { iconRoles = try roles(catalog, in: file) }
        let report = Verifier.verify(plan: plan, record: record, displayPath: CurrentFolderText.shown(catalog, root: jail.root),
                                     stacks: TemplateLocator.stackRules(table: plan.table, manifestDirectory: loaded.manifest.directory),
                                     roles: iconRoles)
        return (report, loaded.notes)
    }

    /// One catalog on its own (`verify --catalog`), judged by the project's targets when given.
    private func verifyCatalog(_ path: String, project: ProjectFile?, appIcon: String?, home: Bool = false) throws(ToolFailure) -> VerifyReport {
        var isDirectory: ObjCBool = false
        let display = CurrentFolderText.shown(path, root: jail.root)
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue,
              path.hasSuffix(".xcassets") else {
            let inside = CatalogSurvey.catalogs(below: path).prefix(5)
            throw ToolFailure("\"\(display)\" is not an asset catalog folder (.xcassets)",
                              fix: inside.isEmpty ? "give the path of an .xcassets folder" : "give one of the catalogs inside it: "
                                  + inside.map { "\"\(display)/\($0)\"" }.joined(separator: ", "))
        }
        let stacks = TemplateLocator.stackRules(table: nil, manifestDirectory: jail.root)
        if let project {
            var roles = try roles(path, in: project)
            if home { roles.homeCatalog = path }
            return Verifier.verify(catalogAt: path, displayPath: display, stacks: stacks, roles: roles,
                                   projectFile: CurrentFolderText.shown(project.path, root: jail.root) + "/project.pbxproj")
        }
        let sets = appIcon == nil ? [] : ContentsReader.sets(inCatalogAt: path) ?? []
        let primary = appIcon.map { name in sets.first { $0.name.lowercased() == name.lowercased() }?.name ?? name } ?? "AppIcon"
        return Verifier.verify(catalogAt: path, displayPath: display, appIcon: primary, stacks: stacks)
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

    private func roles(_ catalog: String, in project: ProjectFile) throws(ToolFailure) -> IconRoles {
        do {
            return try ProjectLookup.roles(for: catalog, in: project)
        } catch {
            throw ToolFailure(error.message, diagnostics: [error])
        }
    }

    /// The manifest's `verify:` rules, or `.assetsmith-verify.yml` in the root without a manifest.
    private func suppression(manifestPath: String) throws(ToolFailure) -> Suppression {
        let file = FileManager.default.fileExists(atPath: manifestPath) ? manifestPath : jail.root + "/.assetsmith-verify.yml"
        guard FileManager.default.fileExists(atPath: file) else { return Suppression() }
        do {
            let rules = try VerifyRulesLoader.load(path: file, knownRules: Finding.Rule.allCases.map(\.rawValue))
            return Suppression(rules: rules.map { Suppression.Rule(rule: $0.rule, paths: $0.paths, reason: $0.reason) })
        } catch {
            throw ToolFailure("the `verify:` rules are wrong: \(error.diagnostics.countSummary)", diagnostics: error.diagnostics)
        }
    }
}
