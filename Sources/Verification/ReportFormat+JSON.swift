import AssetCore
import Foundation

extension ReportFormat {
    /// The JSON report, schema `assetsmith-verify/1`: keys sorted, two-space indent.
    static func json(_ report: VerifyReport) -> String {
        let document = JSONReport(
            schema: "assetsmith-verify/1", catalog: report.catalog, passed: report.passed,
            errors: report.errorCount, warnings: report.warningCount, sets: report.sets,
            checked: report.coverage.checked, skipped: report.coverage.skipped, files: report.files,
            findings: report.findings.map {
                JSONReport.Item(severity: $0.severity.rawValue, rule: $0.rule.rawValue, file: $0.file, line: $0.line,
                                column: $0.column, asset: $0.asset, message: $0.message, fix: $0.fix)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(document) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

/// The document `--format json` writes. Field names are the stable schema.
private struct JSONReport: Encodable {
    struct Item: Encodable {
        var severity: String
        var rule: String
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
    var sets: [String]
    /// Sets whose files were checked, by folder extension: `{ "appiconset" : 1, "imageset" : 3 }`.
    var checked: [String: Int]
    /// Sets of which only Contents.json was read, by folder extension: `{ "colorset" : 2 }`.
    var skipped: [String: Int]
    var files: Int
    var findings: [Item]
}
