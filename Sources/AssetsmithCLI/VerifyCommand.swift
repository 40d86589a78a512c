import ArgumentParser
import AssetCatalog
import AssetCore
import Foundation
import Verification

/// `assetsmith verify`: checks the catalog on disk against Xcode's and the App Store's rules (and,
/// with a manifest, against the plan and the build record). Renders nothing, writes nothing.
/// The report goes to standard output in the chosen format; exit 0 clean, 1 findings, 2 usage.
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Check the catalog without changing it: sizes, Contents.json, PNG facts, template glyphs, up to date.",
        discussion: """
        With --catalog, any .xcassets folder is checked on its own (no manifest); --app-icon names its primary \
        app icon set (default AppIcon). \
        Exit codes: 0 clean; 1 findings (errors, or warnings with --strict); 2 the manifest or the command line is wrong.
        """)

    @OptionGroup var options: ManifestOptions

    @OptionGroup var terminal: TerminalOptions

    @Option(name: .long, help: "Verify this .xcassets folder on its own, without a manifest.")
    var catalog: String?

    @Option(name: .customLong("app-icon"),
            help: "With --catalog: the primary app icon set, whose App Store icon must have no alpha (as actool's --app-icon).")
    var appIcon: String = "AppIcon"

    @Option(name: .long, help: "Report format: text, json, junit or github.")
    var format: String = "text"

    @Flag(name: .long, help: "Treat warnings as errors (exit 1).")
    var strict = false

    func validate() throws {
        guard ReportFormat(rawValue: format) != nil else {
            throw ValidationError("unknown --format \"\(format)\"; use "
                + ReportFormat.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if catalog != nil, options.output != nil {
            throw ValidationError("--output has no meaning with --catalog; give one or the other")
        }
    }

    func run() throws {
        let printer = DiagnosticPrinter(terminal)
        let reportFormat = ReportFormat(rawValue: format) ?? .text
        var report: VerifyReport
        if let catalog {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: catalog, isDirectory: &isDirectory), isDirectory.boolValue else {
                printer.print([.error("no asset catalog folder at \"\(catalog)\"", at: .file(catalog),
                                      fix: "give the path of an .xcassets folder to --catalog")])
                throw ExitCode(2)
            }
            let display = catalog.count > 1 && catalog.hasSuffix("/") ? String(catalog.dropLast()) : catalog
            report = Verifier.verify(catalogAt: catalog, displayPath: display, appIcon: appIcon,
                                     stacks: TemplateLocator.stackRules(table: nil, manifestDirectory: FileManager.default.currentDirectoryPath))
        } else {
            let (manifest, plan) = try Loading.manifestAndPlan(options, printer: printer)
            let record = BuildRecord.read(at: BuildRecord.path(outputDirectory: plan.outputDirectory,
                                                               catalogFolder: plan.catalogFolder))
            let display = relativePath((plan.outputDirectory as NSString).appendingPathComponent(plan.catalogFolder))
            report = Verifier.verify(plan: plan, record: record, displayPath: display,
                                     stacks: TemplateLocator.stackRules(table: plan.table, manifestDirectory: manifest.directory))
        }
        if strict { report = report.promotingWarnings() }
        FileHandle.standardOutput.write(Data(reportFormat.render(report).utf8))
        if !report.passed { throw ExitCode(1) }
    }
}
