import ArgumentParser
import AssetCore
import Foundation
import FrontEnd

/// `assetsmith init`: writes a commented `assetsmith.yml` for a project that already has a catalog
/// (`InitSession`, which the MCP server's `init` runs too).
///
/// It finds the project's catalogs, picks the app's (the one with an app icon), and reproduces
/// what it can: each app icon from its 1024 px master (copied out into a sources folder, since a
/// generated set cannot be its own source), with its dark and tinted appearances, and each image
/// set made of one large file. Those assets carry `adopt: true`, so the first build moves the
/// set's current files to a backup. Every other set is listed in a comment and never touched.
/// An existing manifest is never overwritten, nor is any existing source file.
struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write an assetsmith.yml for a project that already has an asset catalog.")

    @Option(name: .long, help: "The project folder to look in for .xcassets catalogs, or the Xcode project (App.xcodeproj) whose app target's catalog to take.")
    var project: String = "."

    @Option(name: .long, help: "The catalog to adopt (default: the app target's, or the one holding a filled app icon).")
    var catalog: String?

    @Option(name: .long, help: "The manifest to write, relative to the project folder.")
    var manifest: String = "assetsmith.yml"

    @Option(name: .long, help: "Folder (relative to the project) to copy the masters into.")
    var sources: String = "AssetSources"

    @Flag(name: .customLong("dry-run"), help: "Print the manifest init would write to standard output; write nothing, copy no master.")
    var dryRun = false

    @OptionGroup var terminal: TerminalOptions

    func run() throws {
        let printer = DiagnosticPrinter(terminal)
        var session = InitSession()
        session.project = project
        session.catalog = catalog
        session.manifest = manifest
        session.sources = sources
        session.dryRun = dryRun
        session.loadProject = { path throws(Diagnostic) in try ProjectRoles.read(path) }
        do {
            try session.run { message in
                switch message {
                case .manifest(let text, _, let written):
                    if !written { FileHandle.standardOutput.write(Data(text.utf8)) }
                case .note(let line): printer.note(line)
                case .diagnostics(let diagnostics): printer.print(diagnostics)
                }
            }
        } catch {
            printer.print(error.diagnostics)
            throw ExitCode(error.exitCode)
        }
    }
}
