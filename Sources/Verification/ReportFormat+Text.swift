import AssetCore
extension ReportFormat {
    /// ```
    /// Assets.xcassets/AppIcon.appiconset/AppIcon-60@3x.png: error: is 120x120 px but slot iphone 60pt @3x needs 180x180 px
    ///   fix: run `assetsmith build`
    /// verified Assets.xcassets: 4 sets, 30 files; 1 error, 0 warnings
    /// ```
    static func text(_ report: VerifyReport) -> String {
        var out = ""
        for finding in report.findings.map(\.shown) {
            out += "\(finding.place): \(finding.severity.rawValue): \(finding.message)\n"
            out += "  fix: \(finding.fix)\n"
        }
        return out + ReportText.visible(report.summaryLine) + "\n"
    }
}
