import ArgumentParser
import AssetCatalog
import AssetCore
import AssetPlan
import Foundation
import PNGCodec

/// `assetsmith init`: writes a commented `assetsmith.yml` for a project that already has a catalog.
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

    @Option(name: .long, help: "The project folder to look in for .xcassets catalogs.")
    var project: String = "."

    @Option(name: .long, help: "The manifest to write, relative to the project folder.")
    var manifest: String = "assetsmith.yml"

    @Option(name: .long, help: "Folder (relative to the project) to copy the masters into.")
    var sources: String = "AssetSources"

    @OptionGroup var terminal: TerminalOptions

    func run() throws {
        let printer = DiagnosticPrinter(terminal)
        let root = PathText.absolute(project, relativeTo: FileManager.default.currentDirectoryPath)
        let manifestPath = PathText.absolute(manifest, relativeTo: root)
        let manifestDirectory = (manifestPath as NSString).deletingLastPathComponent
        if FileManager.default.fileExists(atPath: manifestPath) {
            printer.print([.error("\"\(relativePath(manifestPath))\" already exists; init never overwrites a manifest",
                                  at: .file(relativePath(manifestPath)),
                                  fix: "move it away first, or write another one with --manifest other.yml")])
            throw ExitCode(2)
        }
        let catalogs = CatalogSurvey.catalogs(below: root)
        guard let chosen = Self.appCatalog(catalogs, root: root) else {
            printer.print([.error("no asset catalog (.xcassets) found below \"\(relativePath(root))\"", at: .file(relativePath(root)),
                                  fix: "run init in your project's folder (or pass --project), or start from the README's example manifest")])
            throw ExitCode(2)
        }
        let catalogPath = root + "/" + chosen
        let sets = ContentsReader.sets(inCatalogAt: catalogPath) ?? []
        let survey = CatalogSurvey.survey(sets) { inside in
            guard let data = FileManager.default.contents(atPath: catalogPath + "/" + inside) else { return nil }
            return try? PNGCodec.info(data).size
        }

        var copier = SourceCopier(folder: PathText.absolute(sources, relativeTo: manifestDirectory),
                                  manifestDirectory: manifestDirectory)
        var text = Self.header(catalog: PathText.relative(catalogPath, to: manifestDirectory),
                               schema: TemplateLocator.schemaPath(manifestDirectory: manifestDirectory))
        var assets: [String] = []
        do {
            for icon in survey.appIcons {
                var lines = ["  # \(FolderKind.appIconSet.folder(icon.name)): its 1024 px master, copied out of the catalog"]
                if let note = icon.note { lines.append("  # note: \(note)") }
                lines += ["  - name: \(Self.quoted(icon.name))", "    kind: app-icon",
                          "    source: \(try copier.copy(catalogPath + "/" + icon.master, as: icon.name))"]
                if let dark = icon.dark { lines.append("    dark: \(try copier.copy(catalogPath + "/" + dark, as: icon.name + "-Dark"))") }
                if let tinted = icon.tinted {
                    lines.append("    tinted: \(try copier.copy(catalogPath + "/" + tinted, as: icon.name + "-Tinted"))")
                }
                lines.append("    adopt: true   # the first build moves the set's current files to .assetsmith/backup/")
                assets.append(lines.joined(separator: "\n"))
            }
            for image in survey.images {
                let points = image.points
                let scales = (1...image.scale).map { "\($0)x" }.joined(separator: ", ")
                assets.append("""
                  # \(FolderKind.imageSet.folder(image.name)): drawn from its @\(image.scale)x file (\(image.pixels.width)x\(image.pixels.height) px)
                  - name: \(Self.quoted(image.name))
                    kind: image
                    source: \(try copier.copy(catalogPath + "/" + image.file, as: image.name))
                    size: \(points.width)x\(points.height)
                    scales: [\(scales)]
                    adopt: true
                """)
            }
        } catch {
            printer.print([error])
            throw ExitCode(1)
        }
        text += assets.isEmpty ? "assets: []\n" : "assets:\n" + assets.joined(separator: "\n") + "\n"
        for name in survey.emptyAppIcons {
            text += """
              # \(FolderKind.appIconSet.folder(name)) has no image yet. Once you have a master, add it under `assets:` (in place of `[]`):
              # - name: \(Self.quoted(name))
              #   kind: app-icon
              #   source: \(sources)/\(name).svg   # SVG, or a PNG of at least 1024 px
              #   background: "#FFFFFF"
              #   tinted: auto

            """
        }
        if !survey.leftAlone.isEmpty {
            text += "\n# Left as they are (assetsmith never touches a set the manifest does not name):\n"
            text += survey.leftAlone.map { "#   \($0.set): \($0.reason)\n" }.joined()
        }
        let others = catalogs.filter { $0 != chosen }
        if !others.isEmpty {
            text += "\n# Other catalogs found (one manifest builds one catalog; copy this file to build another):\n"
            text += others.map { "#   \($0)\n" }.joined()
        }
        do {
            try SafeFiles(root: manifestDirectory).write(Data(text.utf8), to: (manifestPath as NSString).lastPathComponent)
        } catch {
            printer.print([error])
            throw ExitCode(1)
        }
        printer.note("wrote \(relativePath(manifestPath)) for \(relativePath(catalogPath)): "
            + "\(survey.appIcons.count) app icon\(survey.appIcons.count == 1 ? "" : "s"), "
            + "\(survey.images.count) image\(survey.images.count == 1 ? "" : "s"); "
            + "\(copier.copied) source\(copier.copied == 1 ? "" : "s") copied into \(relativePath(copier.folder)); "
            + "\(survey.leftAlone.count) set\(survey.leftAlone.count == 1 ? "" : "s") left as they are")
        printer.note("next: assetsmith build --manifest \(relativePath(manifestPath)), then assetsmith verify")
    }

    /// The app's catalog: one with an app icon set, then one named `Assets.xcassets`, then the
    /// shallowest; nil when there is none.
    static func appCatalog(_ catalogs: [String], root: String) -> String? {
        func hasAppIcon(_ catalog: String) -> Bool {
            (ContentsReader.sets(inCatalogAt: root + "/" + catalog) ?? []).contains { $0.kind == .appIcon }
        }
        return catalogs.min { a, b in
            let keyA = (hasAppIcon(a) ? 0 : 1, (a as NSString).lastPathComponent == FolderKind.catalog.folder("Assets") ? 0 : 1,
                        a.split(separator: "/").count, a)
            let keyB = (hasAppIcon(b) ? 0 : 1, (b as NSString).lastPathComponent == FolderKind.catalog.folder("Assets") ? 0 : 1,
                        b.split(separator: "/").count, b)
            return keyA < keyB
        }
    }

    static func header(catalog: String, schema: String?) -> String {
        var text = ""
        if let schema { text += "# yaml-language-server: $schema=\(schema)\n" }
        text += """
        # assetsmith.yml, written by `assetsmith init` from \(catalog).
        # `assetsmith build` renders the assets below into that catalog; `assetsmith verify` checks it.
        # No `table:` is given, so the newest requirement table is used (see README: The manifest).
        output: \(quoted(catalog))   # the catalog itself

        """
        return text
    }

    /// A YAML scalar, quoted when plain style could misread it.
    static func quoted(_ value: String) -> String {
        let plain = value.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_./".unicodeScalars.contains($0) }
        return plain && !value.isEmpty ? value : "\"" + value.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// Copies masters out of the catalog into the sources folder, never over an existing file: an
/// identical file is reused, a different one gets a numbered name.
struct SourceCopier {
    let folder: String
    let manifestDirectory: String
    private(set) var copied = 0

    init(folder: String, manifestDirectory: String) {
        self.folder = folder
        self.manifestDirectory = manifestDirectory
    }

    /// Copies `path` as `<name>.<ext>` and returns the path to write in the manifest.
    mutating func copy(_ path: String, as name: String) throws(Diagnostic) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .error("cannot read \"\(relativePath(path))\"", at: .file(relativePath(path)), fix: "check its permissions")
        }
        let ext = (path as NSString).pathExtension.lowercased()
        let files = SafeFiles(root: folder)
        var candidate = "\(name).\(ext)"
        var number = 2
        while let existing = files.read(candidate), existing != data {
            candidate = "\(name)-\(number).\(ext)"
            number += 1
        }
        if files.read(candidate) == nil {
            try files.write(data, to: candidate)
            copied += 1
        }
        return InitCommand.quoted(PathText.relative(folder + "/" + candidate, to: manifestDirectory))
    }
}
