import ArgumentParser
import AssetCatalog
import AssetCore
import FrontEnd
import Foundation
import Verification

/// Where `verify` finds what a team has decided to live with: the `verify:` section of the
/// manifest, or of `.assetsmith-verify.yml` (in the current folder, or beside `--project`) when
/// there is no manifest (`VerifySession.rules`); and the baseline named by `--baseline`, or
/// written by `--write-baseline`.
enum VerifySuppression {

    static func load(manifestPath: String, project: String?, baseline: String?, writeBaseline: String?,
                     reports: [VerifyReport], printer: DiagnosticPrinter) throws -> Suppression {
        let rules: [Suppression.Rule]
        do {
            rules = try VerifySession.rules(manifestPath: manifestPath, project: project)
        } catch {
            printer.print(error.diagnostics)
            throw ExitCode(2)
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
}
