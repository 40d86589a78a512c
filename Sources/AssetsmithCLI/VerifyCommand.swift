import ArgumentParser
import AssetCatalog
import AssetCore
import Foundation
import FrontEnd
import Verification
import XcodeProject

/// `assetsmith verify`: checks the catalog on disk against Xcode's and the App Store's rules (and,
/// with a manifest, against the plan and the build record). Renders nothing, writes nothing.
/// The report goes to standard output in the chosen format; exit 0 clean, 1 findings, 2 usage.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check the catalog without changing it: sizes, Contents.json, PNG facts, template glyphs, up to date.",
        discussion: """
        With --catalog, any .xcassets folder is checked on its own (no manifest); --app-icon names its primary \
        app icon set (default AppIcon). With --project, each app icon set is judged by the role the project's \
        targets give it (primary of an app or an extension, alternate, unused); without --catalog it checks \
        every catalog the project builds. \
        Exit codes: 0 clean; 1 findings (errors, or warnings with --strict); 2 the manifest or the command line is wrong.
        """)

    @OptionGroup var options: ManifestOptions

    @OptionGroup var terminal: TerminalOptions

    @Option(name: .long, help: "Verify this .xcassets folder on its own, without a manifest.")
    var catalog: String?

    @Option(name: .customLong("app-icon"),
            help: "With --catalog: the primary app icon set, whose App Store icon must have no alpha (as actool's --app-icon).")
    var appIcon: String?

    @Option(name: .long, help: "The Xcode project (App.xcodeproj): its targets say what each app icon set is for.")
    var project: String?

    @Option(name: .long, help: "Report format: text, json, junit or github.")
    var format: String = "text"

    @Flag(name: .long, help: "Treat warnings as errors (exit 1).")
    var strict = false

    @Option(name: .long, help: "Accept the findings listed in this file (written by --write-baseline): only new ones are reported.")
    var baseline: String?

    @Option(name: .customLong("write-baseline"),
            help: "Write every error and warning found to this file, to adopt the gate today with --baseline.")
    var writeBaseline: String?

    func validate() throws {
        guard ReportFormat(rawValue: format) != nil else {
            throw ValidationError("unknown --format \"\(format)\"; use "
                + ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if catalog != nil, options.output != nil {
            throw ValidationError("--output has no meaning with --catalog; give one or the other")
        }
        if project != nil, appIcon != nil {
            throw ValidationError("--app-icon has no meaning with --project: the project's targets name their app icons")
        }
    }

    /// The command line's names for what `VerifySession` words in a message.
    static let optionNames = VerifySession.OptionNames(catalog: "--catalog", catalogWithValue: "--catalog PATH", appIcon: "--app-icon")

    func run() throws {
        PhaseTimer.shared.mark("start")
        FreedMemory.keepLargeBlocksMapped()
        let printer = DiagnosticPrinter(terminal)
        let reportFormat = ReportFormat(rawValue: format) ?? .text
        var session = VerifySession(names: Self.optionNames, strictness: strict ? .strict : .standard)
        var projectFile = try project.map { try ProjectRoles.load($0, printer: printer) }
        let subject: VerifySession.Subject
        if let catalog {
            subject = .catalog(catalog, appIcon: appIcon)
        } else if projectFile != nil, !FileManager.default.fileExists(atPath: options.manifestPath) {
            subject = .everyCatalog // no manifest: every catalog the project builds
        } else {
            // The record is read while the manifest is parsed, where the manifest's text says it is
            // (a wrong guess is read again where the plan says).
            if let place = BuildStamp.guessedPlace(manifestPath: options.manifestPath, outputOverride: options.output) {
                let state = BuildStamp.guessedState(manifestPath: options.manifestPath, text: place.text,
                                                    catalogFolder: place.catalogFolder,
                                                    output: options.output != nil ? place.output : nil)
                session.prefetched = BuildRecord.Prefetch(path: state.record)
                // And the catalog listed (on a core each: the manifest's parse keeps the main thread).
                session.listing = CatalogListing(catalogAt: place.output + "/" + place.catalogFolder)
            }
            // Of the manifest, the checks need where it is and its project: the rest is let go once planned.
            let (plan, manifestDirectory, manifestProject) = try {
                let (manifest, plan) = try Loading.manifestAndPlan(options, printer: printer, recordedVariables: true)
                return (plan, manifest.directory, manifest.project)
            }()
            if projectFile == nil { projectFile = try manifestProject.map { try ProjectRoles.load($0, printer: printer) } }
            subject = .plan(plan, manifestDirectory: manifestDirectory)
        }
        // The plan and the record (`session.prefetched`) are let go by the exit, not freed one by one.
        FreedMemory.keepUntilExit((session, subject))
        var reports: [VerifyReport]
        do {
            reports = try session.reports(subject, project: projectFile)
        } catch {
            printer.print([error])
            throw ExitCode(2)
        }
        let suppression = try VerifySuppression.load(manifestPath: options.manifestPath, project: project,
                                                     baseline: baseline, writeBaseline: writeBaseline,
                                                     reports: reports, printer: printer)
        reports = session.finished(reports, suppression: suppression)
        FileHandle.standardOutput.write(Data(reportFormat.render(reports).utf8))
        if !reports.allSatisfy(\.passed) { throw ExitCode(1) }
    }
}
