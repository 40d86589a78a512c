/// How a `VerifyReport` is written out. Every format is a pure function of the report: the same
/// findings give the same text, byte for byte (sorted findings, sorted JSON keys, no timestamps).
package enum ReportFormat: String, CaseIterable, Sendable {
    /// Compiler style, `path[:line:col]: error: message`, a `  fix:` line, then a count.
    case text
    /// One JSON document, schema `assetsmith-verify/1` (see README).
    case json
    /// JUnit XML: one testsuite for the catalog, one testcase per set.
    case junit
    /// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=…::message`.
    case github

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
