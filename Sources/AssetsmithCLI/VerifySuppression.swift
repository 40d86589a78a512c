import ArgumentParser
import AssetCatalog
import AssetCore
import AssetSpec
import Foundation
import Verification

/// Where `verify` finds what a team has decided to live with: the `verify:` section of the
/// manifest, or of `.assetsmith-verify.yml` (in the current folder, or beside `--project`) when
/// there is no manifest; and the baseline named by `--baseline`, or written by `--write-baseline`.
enum VerifySuppression {
    static let fileName = ".assetsmith-verify.yml"

    static func load(manifestPath: String, project: String?, baseline: String?, writeBaseline: String?,
                     reports: [VerifyReport], printer: DiagnosticPrinter) throws -> Suppression {
        let known = Finding.Rule.allCases.map(\.rawValue)
        var rules: [Suppression.Rule] = []
        if let file = rulesFile(manifestPath: manifestPath, project: project) {
            do {
                rules = try VerifyRulesLoader.load(path: file, knownRules: known).map {
                    Suppression.Rule(rule: $0.rule, paths: $0.paths, reason: $0.reason)
                }
            } catch {
                printer.print(error.diagnostics)
                throw ExitCode(2)
            }
        }
        var accepted: Baseline?
        if let writeBaseline {
            // The baseline holds what the rules leave: a suppressed finding needs no second entry.
            let written = Baseline(reports: reports.map { Suppression(rules: rules).apply(to: $0) })
            let path = PathText.absolute(writeBaseline, relativeTo: FileManager.default.currentDirectoryPath)
            do {
                try SafeFiles(root: PathText.parent(path)).write(written.encoded(), to: PathText.lastComponent(path))
            } catch {
                printer.print([error])
                throw ExitCode(2)
            }
            printer.note("wrote \(written.findings.count) finding\(written.findings.count == 1 ? "" : "s") to the baseline \(writeBaseline)")
            accepted = written
        } else if let baseline {
            switch Baseline.read(PathText.absolute(baseline, relativeTo: FileManager.default.currentDirectoryPath)) {
            case .success(let read): accepted = read
            case .failure(let failure):
                printer.print([.error(failure.message, at: .file(baseline),
                                      fix: "write one with `assetsmith verify --write-baseline \(baseline)`")])
                throw ExitCode(2)
            }
        }
        return Suppression(rules: rules, baseline: accepted)
    }

    /// The manifest when there is one, else `.assetsmith-verify.yml` here or beside the project.
    static func rulesFile(manifestPath: String, project: String?) -> String? {
        if FileManager.default.fileExists(atPath: manifestPath) { return manifestPath }
        var candidates = [PathText.absolute(fileName, relativeTo: FileManager.default.currentDirectoryPath)]
        if let project {
            let absolute = PathText.absolute(project, relativeTo: FileManager.default.currentDirectoryPath)
            let folder = absolute.hasSuffix(".xcodeproj") ? PathText.parent(absolute) : absolute
            candidates.append(folder + "/" + fileName)
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }
}
