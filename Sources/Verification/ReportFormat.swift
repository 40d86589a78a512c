/// How a `VerifyReport` is written out. Every format is a pure function of the report: the same
/// findings give the same text, byte for byte (sorted findings, sorted JSON keys, no timestamps).
package enum ReportFormat: String, CaseIterable, Sendable {
    /// Compiler style, `path[:line:col]: error: message`, a `  fix:` line, then a count.
    case text
    /// One JSON document, schema `assetsmith-verify/1` (see Docs/verify.md, Formats).
    case json
    /// JUnit XML: one testsuite for the catalog, one testcase per set.
    case junit
    /// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`.
    case github

    /// Several catalogs' reports (`verify --project` of a project with many catalogs) as one
    /// document: text and GitHub lines one after another, one JSON document
    /// (`assetsmith-verify-project/1`: the totals and a `reports` list), one JUnit file with a
    /// testsuite per catalog. One report renders exactly as `render(_:)`.
    package func render(_ reports: [VerifyReport]) -> String {
        guard reports.count != 1 else { return render(reports[0]) }
        switch self {
        case .text, .github: return reports.map(render).joined()
        case .json: return ReportFormat.json(reports)
        case .junit: return ReportFormat.junit(reports)
        }
    }

    /// The whole report in this format, ending with a newline.
    package func render(_ report: VerifyReport) -> String {
        switch self {
        case .text: ReportFormat.text(report)
        case .json: ReportFormat.json(report)
        case .junit: ReportFormat.junit(report)
        case .github: ReportFormat.github(report)
        }
    }
}
