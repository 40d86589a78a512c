import AssetCore
import Foundation

extension ReportFormat {
    /// The JSON report, schema `assetsmith-verify/1`: keys sorted, two-space indent.
    static func json(_ report: VerifyReport) -> String {
        encode(document(report))
    }

    /// Several catalogs: `assetsmith-verify-project/1`, the totals, and each catalog's report as
    /// above in `reports` (each finding carries its catalog).
    static func json(_ reports: [VerifyReport]) -> String {
        encode(JSONProjectReport(passed: reports.allSatisfy(\.passed), errors: reports.map(\.errorCount).reduce(0, +),
                                 warnings: reports.map(\.warningCount).reduce(0, +), notes: reports.map(\.noteCount).reduce(0, +),
                                 suppressed: reports.map(\.suppressed).reduce(0, +), baselined: reports.map(\.baselined).reduce(0, +),
                                 reports: reports.map(document)))
    }

    private static func document(_ report: VerifyReport) -> JSONReport {
        JSONReport(
            schema: "assetsmith-verify/1", catalog: report.catalog, passed: report.passed,
            errors: report.errorCount, warnings: report.warningCount, notes: report.noteCount,
            suppressed: report.suppressed, baselined: report.baselined, sets: report.sets,
            checked: report.coverage.checked, skipped: report.coverage.skipped, files: report.files,
            findings: report.findings.map {
                JSONReport.Item(severity: $0.severity.rawValue, rule: $0.rule.rawValue, catalog: report.catalog, file: $0.file,
                                line: $0.line, column: $0.column, asset: $0.asset, message: $0.message, fix: $0.fix)
            })
    }

    private static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// The document `--format json` writes for several catalogs.
private struct JSONProjectReport: Encodable {
    var schema = "assetsmith-verify-project/1"
    var passed: Bool
    var errors: Int
    var warnings: Int
    var notes: Int
    var suppressed: Int
    var baselined: Int
    var reports: [JSONReport]
}

/// The document `--format json` writes. Field names are the stable schema.
private struct JSONReport: Encodable {
    struct Item: Encodable {
        var severity: String
        var rule: String
        /// The catalog the finding was reported with.
        var catalog: String
        var file: String
        /// Absent when unknown.
        var line: Int?
        var column: Int?
        /// Absent for findings about the catalog as a whole.
        var asset: String?
        var message: String
        var fix: String
    }

    var schema: String
    var catalog: String
    var passed: Bool
    var errors: Int
    var warnings: Int
    var notes: Int
    /// Findings switched off by a `verify:` rule, and findings the baseline accepts.
    var suppressed: Int
    var baselined: Int
    var sets: [String]
    /// Sets whose files were checked, by folder extension: `{ "appiconset" : 1, "imageset" : 3 }`.
    var checked: [String: Int]
    /// Sets of which only Contents.json was read, by folder extension: `{ "colorset" : 2 }`.
    var skipped: [String: Int]
    var files: Int
    var findings: [Item]
}
