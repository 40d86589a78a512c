import AssetCore
import Foundation

extension ReportFormat {
    /// JUnit XML: one testcase per set (`classname` is the catalog), failed when it has an error;
    /// findings about the catalog itself go to a testcase named `(catalog)`. Warnings are listed
    /// in the testcase's `system-out` and do not fail it.
    static func junit(_ report: VerifyReport) -> String {
        junit([report])
    }

    /// One JUnit file, a testsuite per catalog.
    static func junit(_ reports: [VerifyReport]) -> String {
        let suites = reports.map(suite)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"assetsmith verify\" tests=\"\(suites.map(\.tests).reduce(0, +))\" "
            + "failures=\"\(suites.map(\.failures).reduce(0, +))\" errors=\"0\">\n"
        return out + suites.map(\.text).joined() + "</testsuites>\n"
    }

    private static func suite(_ report: VerifyReport) -> (tests: Int, failures: Int, text: String) {
        var byAsset: [String: [Finding]] = [:]
        for finding in report.findings { if let asset = finding.asset { byAsset[asset, default: []].append(finding.shown) } }
        var cases: [(name: String, findings: [Finding])] = report.sets.map { set in (ReportText.visible(set), byAsset[set] ?? []) }
        let sets = Set(report.sets)
        let loose = report.findings.filter { finding in finding.asset.map { !sets.contains($0) } ?? true }.map(\.shown)
        if !loose.isEmpty { cases.insert(("(catalog)", loose), at: 0) }
        let failures = cases.filter { $0.findings.contains { $0.severity == .error } }.count
        let skippedKinds = Set(report.coverage.skipped.keys)
        func isSkipped(_ name: String) -> Bool {
            skippedKinds.contains((PathText.lastComponent(name) as NSString).pathExtension.lowercased())
        }
        let skipped = cases.filter { isSkipped($0.name) && $0.findings.isEmpty }.count
        var out = "  <testsuite name=\"\(xml(report.catalog))\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\">\n"
        for (name, findings) in cases {
            let open = "    <testcase classname=\"\(xml(report.catalog))\" name=\"\(xml(name))\""
            if findings.isEmpty, isSkipped(name) {
                let kind = VerifyReport.Coverage.word((PathText.lastComponent(name) as NSString).pathExtension.lowercased())
                out += open + ">\n      <skipped message=\"\(xml(kind)) sets are not checked (only their Contents.json is read)\"/>\n"
                out += "    </testcase>\n"
                continue
            }
            if findings.isEmpty {
                out += open + "/>\n"
                continue
            }
            out += open + ">\n"
            let errors = findings.filter { $0.severity == .error }
            if let first = errors.first {
                let more = errors.count > 1 ? " (and \(errors.count - 1) more)" : ""
                out += "      <failure type=\"\(first.rule.rawValue)\" message=\"\(xml(first.message + more))\">"
                out += xml(errors.map(line).joined(separator: "\n")) + "</failure>\n"
            }
            let warnings = findings.filter { $0.severity != .error }
            if !warnings.isEmpty {
                out += "      <system-out>" + xml(warnings.map(line).joined(separator: "\n")) + "</system-out>\n"
            }
            out += "    </testcase>\n"
        }
        return (cases.count, failures, out + "  </testsuite>\n")
    }

    private static func line(_ finding: Finding) -> String {
        "\(finding.place): \(finding.severity.rawValue): \(finding.message)\n  fix: \(finding.fix)"
    }

    /// Escaped for an XML attribute or text; characters XML 1.0 cannot hold at all are shown as
    /// `\u{…}` escapes first.
    private static func xml(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default:
                // Line breaks joining findings stay; anything else XML 1.0 cannot hold is escaped.
                for scalar in character.unicodeScalars {
                    if scalar == "\n" || scalar == "\r" || scalar == "\t" || !ReportText.needsEscape(scalar) {
                        out.unicodeScalars.append(scalar)
                    } else {
                        out += ReportText.visible(String(scalar))
                    }
                }
            }
        }
        return out
    }
}
