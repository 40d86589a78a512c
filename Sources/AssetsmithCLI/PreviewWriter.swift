import ArgumentParser
import AssetCatalog
import AssetCore
import BuildEngine
import AssetPlan
import AssetSpec
import Foundation
import FrontEnd
import PNGCodec
import Preview
import Rendering
import VectorWorkers

/// Draws the preview sheet of a built catalog and writes `preview.png` and `preview.html` into
/// the state folder (`StateFolder`: `.assetsmith` beside the manifest) or a folder the user names, atomically, never over a file of the same
/// name it did not write. Never beside the catalog: in a project with synchronized folders Xcode
/// would copy them into the app.
enum PreviewWriter {
    static let files = StateFolder.previewFiles

    /// Where the preview goes: `folder` (`--preview-folder`, relative to the working directory), or
    /// the state folder (`state`, `StateFolder.path`).
    static func folder(state: String, named folder: String? = nil) -> String {
        folder.map { PathText.absolute($0, relativeTo: FileManager.default.currentDirectoryPath) } ?? state
    }

    /// Returns problems writing (the preview never fails a build's assets).
    /// Vector files in the catalog are drawn by `vectors` (worker processes).
    static func write(plan: Plan, diagnostics: [Diagnostic], style: PreviewStyle,
                      vectors: VectorSandbox? = nil, folder named: String? = nil) -> [Diagnostic] {
        let folder = folder(state: StateFolder(plan: plan).path, named: named)
        let catalog = PreviewCatalog.read(at: (plan.outputDirectory as NSString).appendingPathComponent(plan.catalogFolder),
                                          vectors: vectors ?? WorkerPool(capacity: 1, timeLimit: 30, executable: WorkerCommand.executable,
                                                                     arguments: WorkerCommand.arguments()))
        let notes = diagnostics.compactMap { diagnostic -> PreviewNote? in
            guard let asset = assetName(of: diagnostic, in: catalog) else { return nil }
            return PreviewNote(asset: asset, text: diagnostic.message, isError: diagnostic.severity == .error)
        }
        let png: Data, html: Data
        var iconWarnings: [Diagnostic] = []
        do {
            // Only bundles the build wrote: their SVGs are librsvg's and Cairo's own rewrites, safe to
            // draw in this process (a refused bundle on disk is someone else's).
            let record = BuildRecord.read(at: StateFolder(plan: plan).record)
            let icons = (plan.iconBundles ?? []).filter { record?.outputFiles?[$0.documentPath] != nil }.compactMap { bundle in
                PreviewIcon.read(at: (plan.outputDirectory as NSString).appendingPathComponent(bundle.folder))
            }
            // What an icon.json or layer could not give (a number out of range, a link) is said on
            // standard error too, not only on the sheet (issue 36).
            iconWarnings = icons.flatMap { icon in
                icon.problems.map { Diagnostic.warning("the preview of \(icon.name).icon: \($0)", at: .file(icon.name + ".icon"),
                                                       fix: "save the icon again in Icon Composer, or run `assetsmith build`") }
            }
            // Each section is encoded as soon as it is drawn and its pixels let go; the sheet
            // decodes them again one at a time, so memory stays that of one section and the sheet.
            var parts: [PreviewPage.Part] = []
            var failure: (any Error)?
            try PreviewSheet.sections(catalog, style: style, notes: notes, icons: icons) { section in
                do {
                    parts.append(PreviewPage.Part(title: section.title, width: section.picture.width, height: section.picture.height,
                                                  lines: section.lines, png: try PNGCodec.encode(section.picture, channels: .rgb)))
                } catch { failure = error }
            }
            if let failure { throw failure }
            let sheet = try PreviewSheet.sheet(catalogName: catalog.name, headers: parts.map { ($0.title, $0.height) }) { index in
                try? PNGCodec.decode(parts[index].png)
            }
            png = try PNGCodec.encode(sheet, channels: .rgb)
            html = Data(PreviewPage.html(catalogName: catalog.name, parts: parts).utf8)
        } catch {
            return [.error("cannot draw the preview of \(relativePath((plan.outputDirectory as NSString).appendingPathComponent(plan.catalogFolder))): \(error); "
                           + "no preview was written", fix: "the catalog itself is built; please report this with the catalog's size")]
        }

        let output = StateFolder(plan: plan).files
        let target = SafeFiles(root: folder)
        let recordFile = "preview.record.json"
        let record = (output.read(recordFile)).flatMap { try? JSONDecoder().decode([String: String].self, from: $0) } ?? [:]
        var newRecord: [String: String] = [:]
        var problems: [Diagnostic] = []
        for (name, data) in zip(files, [png, html]) {
            let existing = target.read(name)
            if let existing, record[name] != Digest.sha256(existing), existing != data {
                problems.append(.error("\"\(name)\" exists in \(relativePath(folder)) and was not written by assetsmith; not replaced",
                                       at: .file(relativePath((folder as NSString).appendingPathComponent(name))),
                                       fix: "move that file away to get the preview"))
                continue
            }
            newRecord[name] = Digest.sha256(data)
            guard existing != data else { continue }
            do { try target.write(data, to: name) } catch { problems.append(error) }
        }
        if newRecord != record {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            do {
                try output.makeRoot()
                try output.write((try? encoder.encode(newRecord)) ?? Data(), to: recordFile)
            } catch { problems.append(error) }
        }
        return iconWarnings + problems
    }


    /// Problems writing the preview as a build reports them: warnings, for the preview never
    /// fails a build (its exit code is the catalog's).
    static func asWarnings(_ problems: [Diagnostic]) -> [Diagnostic] {
        problems.map { problem in
            var warning = problem
            warning.severity = .warning
            return warning
        }
    }

    /// The asset a diagnostic concerns (`Diagnostic.concernedAsset`), when the preview shows it.
    static func assetName(of diagnostic: Diagnostic, in catalog: PreviewCatalog) -> String? {
        diagnostic.concernedAsset
    }
}

/// `assetsmith preview`: draw the preview of the catalog the last build wrote, rendering nothing else.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Write preview.png and preview.html into the state folder (.assetsmith beside the manifest): icons, tab and navigation bar mocks, launch images.")

    @OptionGroup var options: ManifestOptions

    @Option(name: .customLong("preview-folder"), help: "Write the preview here instead of the state folder (.assetsmith beside the manifest).")
    var previewFolder: String?

    @OptionGroup var terminal: TerminalOptions

    func run() throws {
        let printer = DiagnosticPrinter(terminal)
        let (manifest, plan) = try Loading.manifestAndPlan(options, printer: printer)
        let problems = PreviewWriter.write(plan: plan, diagnostics: plan.warnings, style: PreviewStyle(manifest: manifest),
                                           folder: previewFolder)
        printer.print(problems)
        let folder = PreviewWriter.folder(state: StateFolder(plan: plan).path, named: previewFolder)
        if problems.isEmpty { printer.note("preview: \(relativePath(folder))/preview.png and preview.html") }
        if problems.hasErrors { throw ExitCode(1) }
    }
}
