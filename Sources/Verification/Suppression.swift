import AssetCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a team lives with findings, as linters do: rules switched off (everywhere or for some
/// paths) with a reason, from the manifest's `verify:` section or `.assetsmith-verify.yml`; and a
/// baseline of findings accepted as they are (`--baseline FILE`, `--write-baseline FILE`, as
/// SwiftLint spells them), so a gate adopted today fails only on what is new. A suppressed finding
/// is counted in the summary, never silently dropped.
package struct Suppression: Sendable, Equatable {
    /// One `disable:` entry.
    package struct Rule: Sendable, Equatable {
        /// A rule id (`color-space`).
        package var rule: String
        /// Paths the entry covers (`fnmatch` patterns, `*` matching slashes too, or a folder
        /// prefix); empty: everywhere.
        package var paths: [String]
        package var reason: String

        package init(rule: String, paths: [String], reason: String) {
            self.rule = rule
            self.paths = paths
            self.reason = reason
        }

        func covers(_ finding: Finding) -> Bool {
            guard finding.rule.rawValue == rule else { return false }
            guard !paths.isEmpty else { return true }
            return paths.contains { pattern in
                let folder = pattern.hasSuffix("/") ? String(pattern.dropLast()) : pattern
                return finding.file == folder || finding.file.hasPrefix(folder + "/")
                    || fnmatch(pattern, finding.file, 0) == 0
            }
        }
    }

    package var rules: [Rule]
    package var baseline: Baseline?

    package init(rules: [Rule] = [], baseline: Baseline? = nil) {
        self.rules = rules
        self.baseline = baseline
    }

    /// The report with the findings these rules and the baseline cover moved out of `findings`
    /// and counted (`suppressed`, `baselined`). Notes are left as they are.
    package func apply(to report: VerifyReport) -> VerifyReport {
        var copy = report
        var remaining: [Finding] = []
        var budget = baseline?.counts() ?? [:]
        for finding in report.findings {
            let key = Baseline.Entry(finding)
            if rules.contains(where: { $0.covers(finding) }) {
                copy.suppressed += 1
            } else if let left = budget[key], left > 0 {
                budget[key] = left - 1
                copy.baselined += 1
            } else {
                remaining.append(finding)
            }
        }
        copy.findings = remaining
        return copy
    }
}

/// Findings accepted as they are: the rule, the file and the message of each (a finding that
/// changes its words or moves is new). Written and read as JSON, `assetsmith-baseline/1`.
package struct Baseline: Codable, Sendable, Equatable {
    package struct Entry: Codable, Hashable, Sendable {
        package var rule: String
        package var file: String
        package var message: String

        init(_ finding: Finding) {
            rule = finding.rule.rawValue
            file = finding.file
            message = finding.message
        }
    }

    package var schema = "assetsmith-baseline/1"
    package var findings: [Entry]

    /// The errors and warnings of `reports` (notes are never failures, so never listed).
    package init(reports: [VerifyReport]) {
        findings = reports.flatMap(\.findings).filter { $0.severity != .note }.map(Entry.init)
            .sorted { ($0.file, $0.rule, $0.message) < ($1.file, $1.rule, $1.message) }
    }

    func counts() -> [Entry: Int] {
        var counts: [Entry: Int] = [:]
        for entry in findings { counts[entry, default: 0] += 1 }
        return counts
    }

    /// The largest baseline read: 16 MB.
    package static let maximumBytes = 16 << 20

    /// Reads a baseline file; the error says what is wrong in the user's words.
    package static func read(_ path: String) -> Result<Baseline, BaselineError> {
        switch BoundedFile.read(path, limit: maximumBytes) {
        case .failure(let failure):
            return .failure(BaselineError(message: "baseline \"\(path)\" \(failure.words(for: "a baseline"))"))
        case .success(let data):
            do {
                let baseline = try JSONDecoder().decode(Baseline.self, from: data)
                guard baseline.schema == "assetsmith-baseline/1" else {
                    return .failure(BaselineError(message: "baseline \"\(path)\" has the schema \"\(baseline.schema)\"; this assetsmith reads assetsmith-baseline/1"))
                }
                return .success(baseline)
            } catch {
                return .failure(BaselineError(message: "baseline \"\(path)\" is not a baseline assetsmith wrote (\(reason(error)))"))
            }
        }
    }

    /// The decoder's words for what is wrong: where the JSON breaks, or which field is missing or
    /// of the wrong type (Foundation's own description says only "not in the correct format").
    private static func reason(_ error: Error) -> String {
        guard let decoding = error as? DecodingError else { return error.localizedDescription }
        func place(_ path: [CodingKey]) -> String { path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".") }
        switch decoding {
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        case .keyNotFound(let key, let context):
            return "no \"\(place(context.codingPath + [key]))\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\"\(place(context.codingPath))\" is of the wrong type"
        @unknown default:
            return error.localizedDescription
        }
    }

    /// The file's text: keys sorted, one finding per entry, a final newline.
    package func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)) ?? Data("{}".utf8)) + Data("\n".utf8)
    }
}

package struct BaselineError: Error, Sendable {
    package var message: String
}
