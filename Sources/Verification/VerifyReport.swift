import AssetCore

/// What `Verifier` found in one catalog: the sets it looked at, how many image files it checked,
/// and every finding in a stable order. Reporters turn it into text, JSON, JUnit or GitHub lines.
package struct VerifyReport: Hashable, Sendable {
    /// The catalog as shown in messages: `Assets.xcassets`, `Output/Assets.xcassets`.
    package var catalog: String
    /// Set folders inside the catalog, sorted: `AppIcon.appiconset`.
    package var sets: [String]
    /// Image files checked (referenced or expected).
    package var files: Int
    /// Sorted by `Finding.ordered`.
    package var findings: [Finding]

    package init(catalog: String, sets: [String], files: Int, findings: [Finding]) {
        self.catalog = catalog
        self.sets = sets
        self.files = files
        self.findings = findings.sorted(by: Finding.ordered)
    }

    package var errorCount: Int { findings.filter { $0.severity == .error }.count }
    package var warningCount: Int { findings.count - errorCount }

    /// True when no finding is an error (warnings alone pass, unless promoted with `strict`).
    package var passed: Bool { errorCount == 0 }

    /// `--strict`: every warning becomes an error, in the report and in the exit code.
    package func promotingWarnings() -> VerifyReport {
        var copy = self
        copy.findings = findings.map { finding in
            var finding = finding
            finding.severity = .error
            return finding
        }
        return copy
    }

    /// `2 errors, 1 warning`
    package var countSummary: String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(plural(errorCount, "error")), \(plural(warningCount, "warning"))"
    }

    /// `verified Assets.xcassets: 4 sets, 30 files; 2 errors, 1 warning`
    package var summaryLine: String {
        "verified \(catalog): \(sets.count) set\(sets.count == 1 ? "" : "s"), \(files) file\(files == 1 ? "" : "s"); "
            + countSummary
    }
}
