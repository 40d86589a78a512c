import ArgumentParser
import AssetCatalog
import AssetCore
import Foundation
import AssetSpec
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

    func run() throws {
        FreedMemory.keepLargeBlocksMapped()
        FreedMemory.shareOneHeap()
        let printer = DiagnosticPrinter(terminal)
        let reportFormat = ReportFormat(rawValue: format) ?? .text
        let projectFile = try project.map { try ProjectRoles.load($0, printer: printer) }
        var reports: [VerifyReport] = []
        var synchronizing = projectFile
        if let catalog {
            reports.append(try verifyCatalog(catalog, project: projectFile, printer: printer))
        } else if let projectFile, !FileManager.default.fileExists(atPath: options.manifestPath) {
            // No manifest: every catalog the project builds.
            let catalogs = ProjectRoles.catalogs(of: projectFile)
            if catalogs.isEmpty {
                printer.print([.error("no target of \(relativePath(projectFile.path)) builds an asset catalog; nothing to verify",
                                      at: .file(relativePath(projectFile.path)),
                                      fix: "give the catalog with --catalog PATH (a catalog in a Swift package is not in the project file)")])
                throw ExitCode(2)
            }
            // One report per catalog; a finding about a target's build settings goes to the
            // report of the target's first catalog only.
            for path in catalogs {
                reports.append(try verifyCatalog(path, project: projectFile, home: catalogs.count > 1, printer: printer))
            }
        } else {
            // Of the manifest, the checks need where it is and its project: the rest (every asset
            // as written, tens of megabytes at 50,000 assets) is let go once planned (issue 38).
            let (plan, manifestDirectory, manifestProject) = try {
                let (manifest, plan) = try Loading.manifestAndPlan(options, printer: printer, recordedVariables: true)
                return (plan, manifest.directory, manifest.project)
            }()
            let record = BuildRecord.read(at: StateFolder(plan: plan).record)
            // Reading the record frees as much as it keeps (its parts are decoded on several threads).
            FreedMemory.release()
            let display = relativePath((plan.outputDirectory as NSString).appendingPathComponent(plan.catalogFolder))
            var roles: IconRoles?
            if let file = try projectFile ?? manifestProject.map({ try ProjectRoles.load($0, printer: printer) }) {
                synchronizing = file
                roles = try ProjectRoles.roles(for: (plan.outputDirectory as NSString).appendingPathComponent(plan.catalogFolder),
                                               in: file, printer: printer)
            }
            reports.append(Verifier.verify(plan: plan, record: record, displayPath: display,
                                           stacks: TemplateLocator.stackRules(table: plan.table, manifestDirectory: manifestDirectory),
                                           roles: roles))
        }
        reports = SynchronizedLeftovers.adding(to: reports, project: synchronizing)
        let suppression = try VerifySuppression.load(manifestPath: options.manifestPath, project: project,
                                                     baseline: baseline, writeBaseline: writeBaseline,
                                                     reports: reports, printer: printer)
        reports = reports.map { report in
            let kept = suppression.apply(to: report)
            return strict ? kept.promotingWarnings() : kept
        }
        FileHandle.standardOutput.write(Data(reportFormat.render(reports).utf8))
        if !reports.allSatisfy(\.passed) { throw ExitCode(1) }
    }

    /// One catalog on its own: it must be an `.xcassets` folder, and a named `--app-icon` must be
    /// one of its app icons (a misspelt name would switch the App Store checks off).
    private func verifyCatalog(_ catalog: String, project: ProjectFile?, home: Bool = false,
                               printer: DiagnosticPrinter) throws -> VerifyReport {
        var isDirectory: ObjCBool = false
        let display = relativePath(catalog.count > 1 && catalog.hasSuffix("/") ? String(catalog.dropLast()) : catalog)
        let folder = URL(fileURLWithPath: PathText.absolute(catalog, relativeTo: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
        // A catalog a Run Script phase of the project makes (Assetsmith's own build step, its output
        // not committed) may be absent from the checkout: the report says so, as a note (issue 48).
        let madeByAPhase = project?.targets.contains { !$0.phases(filling: folder.path).isEmpty } ?? false
        guard (FileManager.default.fileExists(atPath: catalog, isDirectory: &isDirectory) && isDirectory.boolValue) || madeByAPhase else {
            printer.print([.error("no asset catalog folder at \"\(display)\"", at: .file(display),
                                  fix: "give the path of an .xcassets folder to --catalog")])
            throw ExitCode(2)
        }
        guard FolderKind(rawValue: folder.pathExtension) == .catalog else {
            let inside = CatalogSurvey.catalogs(below: folder.path).prefix(5)
            printer.print([.error("\"\(display)\" is not an asset catalog (its name does not end in .xcassets)", at: .file(display),
                                  fix: inside.isEmpty ? "give the path of an .xcassets folder to --catalog"
                                      : "give one of the catalogs inside it: " + inside.map { "\"\(display == "." ? "" : display + "/")\($0)\"" }.joined(separator: ", "))])
            throw ExitCode(2)
        }
        if let appIcon {
            // actool's --app-icon names an app icon set, tvOS brand assets or a sticker pack's icon set.
            let sets = ContentsReader.sets(inCatalogAt: catalog) ?? []
            let icons = sets.filter { $0.folderKind?.isPrimaryIconKind == true }.map(\.name)
            let bundles = ((try? FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path)) ?? [])
                .filter { FolderKind.iconComposer.names($0) }.map { FolderKind.iconComposer.name(of: $0) }
            let known = (icons + bundles).sorted()
            if !known.contains(where: { $0.lowercased() == appIcon.lowercased() }) {
                let guess = Suggestion.closest(to: appIcon, in: known).map { "did you mean \"\($0)\"? " } ?? ""
                printer.print([.error("--app-icon \"\(appIcon)\" is not an app icon of \"\(display)\"", at: .file(display),
                                      fix: guess + (known.isEmpty ? "the catalog has no app icon set; leave --app-icon out"
                                          : "its app icons: " + known.map { "\"\($0)\"" }.joined(separator: ", ")))])
                throw ExitCode(2)
            }
        }
        let stacks = TemplateLocator.stackRules(table: nil, manifestDirectory: FileManager.default.currentDirectoryPath)
        if let project {
            var roles = try ProjectRoles.roles(for: catalog, in: project, printer: printer)
            if home { roles.homeCatalog = folder.path }
            return Verifier.verify(catalogAt: catalog, displayPath: display, stacks: stacks, roles: roles,
                                   projectFile: relativePath(project.path) + "/project.pbxproj")
        }
        // Asset names are not case-sensitive: the App Store rules go to the set `--app-icon` names, as spelt on disk.
        let sets = appIcon == nil ? [] : ContentsReader.sets(inCatalogAt: catalog) ?? []
        let primary = appIcon.map { name in sets.first { $0.name.lowercased() == name.lowercased() }?.name ?? name } ?? "AppIcon"
        return Verifier.verify(catalogAt: catalog, displayPath: display, appIcon: primary, stacks: stacks)
    }
}
