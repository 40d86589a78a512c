import AssetCore
extension ReportFormat {
    /// GitHub Actions annotations, one line per finding, then the count as a plain log line:
    /// `::error file=Assets.xcassets/Icon.png,title=assetsmith verify (pixel-size)::is 120x120 px …%0Afix: …`
    static func github(_ report: VerifyReport) -> String {
        var out = ""
        for finding in report.findings.map(\.shown) {
            var properties = ["file=" + property(finding.file)]
            if let line = finding.line { properties.append("line=\(line)") }
            if let column = finding.column { properties.append("col=\(column)") }
            properties.append("title=" + property("assetsmith verify (\(finding.rule.rawValue))"))
            // GitHub's levels: error, warning, notice.
            out += "::\(finding.severity == .note ? "notice" : finding.severity.rawValue) " + properties.joined(separator: ",") + "::"
                + data(finding.message + "\nfix: " + finding.fix) + "\n"
        }
        return out + ReportText.visible(report.summaryLine) + "\n"
    }

    /// Escapes a command's message (`%`, CR, LF).
    private static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escapes a command property (also `:` and `,`).
    private static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
