import AssetCatalog
import AssetCore
import Foundation

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
    /// How many sets of each kind were checked, and of which kinds only the JSON was read.
    package var coverage: Coverage
    /// Where the app icon roles came from, for the summary: the project's targets, or a guess.
    package var roles: String?
    /// Findings a `verify:` rule switched off, and findings the baseline accepts (`Suppression`):
    /// counted in the summary, not listed.
    package var suppressed = 0
    package var baselined = 0

    package init(catalog: String, sets: [String], files: Int, findings: [Finding], coverage: Coverage? = nil) {
        self.catalog = catalog
        self.sets = sets
        self.files = files
        self.findings = findings.sorted(by: Finding.ordered)
        self.coverage = coverage ?? Coverage(sets: sets.map { path in
            let ext = (PathText.lastComponent(path) as NSString).pathExtension.lowercased()
            return (CatalogSet.Kind(folderExtension: ext), ext)
        })
    }

    /// Sets counted by folder extension (`appiconset`, `colorset`…): `checked` are app icon and
    /// image sets, whose files verify examines, and tvOS brand assets and image stacks (visionOS
    /// solid ones too) with their layers, whose roles, layers and sizes it examines, and custom
    /// symbol sets, whose templates it examines (`Inspection+Symbols`); `skipped` are
    /// every other kind (colour, data sets, sprite atlases…), of which only Contents.json is
    /// read (the image sets inside containers are checked and counted as image sets).
    package struct Coverage: Hashable, Sendable {
        package var checked: [String: Int]
        package var skipped: [String: Int]

        package init(sets: [(kind: CatalogSet.Kind, folderExtension: String)]) {
            var checked: [String: Int] = [:]
            var skipped: [String: Int] = [:]
            for (kind, ext) in sets {
                let folderKind = FolderKind(rawValue: ext)
                if kind == .other && folderKind?.isStackPart != true && folderKind != .symbolSet {
                    skipped[ext, default: 0] += 1
                } else {
                    checked[ext, default: 0] += 1
                }
            }
            self.checked = checked
            self.skipped = skipped
        }

        /// Every folder extension Xcode knows as a set.
        package static var knownKinds: Set<String> {
            Set(FolderKind.allCases.filter { $0 != .catalog && $0 != .iconComposer }.map(\.folderExtension))
        }

        /// `app icon`, `image`, `color`, `symbol`…: a kind as the summary names it.
        package static func word(_ folderExtension: String) -> String {
            FolderKind(rawValue: folderExtension)?.noun ?? (folderExtension.isEmpty ? "unknown" : folderExtension)
        }

        /// `1 app icon, 3 image`: counts by kind, most first, then by name.
        package static func list(_ counts: [String: Int]) -> String {
            counts.sorted { $0.value != $1.value ? $0.value > $1.value : word($0.key) < word($1.key) }
                .map { "\($0.value) \(word($0.key))" }.joined(separator: ", ")
        }
    }

    package var errorCount: Int { findings.filter { $0.severity == .error }.count }
    package var warningCount: Int { findings.filter { $0.severity == .warning }.count }
    package var noteCount: Int { findings.filter { $0.severity == .note }.count }

    /// True when no finding is an error (warnings alone pass, unless promoted with `strict`).
    package var passed: Bool { errorCount == 0 }

    /// The report as `strictness` shows it (`--strict`: every warning an error, in the report and in
    /// the exit code; notes stay notes, what verify cannot confirm either way).
    package func applying(_ strictness: Strictness) -> VerifyReport {
        guard strictness.warningsAreErrors else { return self }
        var copy = self
        copy.findings = findings.map { finding in
            var finding = finding
            finding.severity = strictness.severity(finding.severity)
            return finding
        }
        return copy
    }

    /// `2 errors, 1 warning` (`, 3 notes`, `; 4 suppressed, 2 in the baseline` when there are any)
    package var countSummary: String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var text = "\(plural(errorCount, "error")), \(plural(warningCount, "warning"))"
        if noteCount > 0 { text += ", " + plural(noteCount, "note") }
        var hidden: [String] = []
        if suppressed > 0 { hidden.append("\(suppressed) suppressed by verify: rules") }
        if baselined > 0 { hidden.append("\(baselined) in the baseline") }
        if !hidden.isEmpty { text += " (" + hidden.joined(separator: ", ") + ")" }
        return text
    }

    /// `verified Assets.xcassets: 4 sets checked (1 app icon, 3 image), 2 not checked (2 color); 30 files; 2 errors, 1 warning`
    package var summaryLine: String {
        let checked = coverage.checked.values.reduce(0, +)
        let skipped = coverage.skipped.values.reduce(0, +)
        var text = "verified \(catalog): \(checked) set\(checked == 1 ? "" : "s") checked"
        if checked > 0 { text += " (\(Coverage.list(coverage.checked)))" }
        if skipped > 0 { text += ", \(skipped) not checked (\(Coverage.list(coverage.skipped)))" }
        return text + "; \(files) file\(files == 1 ? "" : "s"); " + countSummary + (roles.map { "; " + $0 } ?? "")
    }
}
