import ArgumentParser
import AssetCatalog
import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import PNGCodec
import Verification
import XcodeProject

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

    @Option(name: .long, help: "The project folder to look in for .xcassets catalogs, or the Xcode project (App.xcodeproj) whose app target's catalog to take.")
    var project: String = "."

    @Option(name: .long, help: "The catalog to adopt (default: the app target's, or the one holding a filled app icon).")
    var catalog: String?

    @Option(name: .long, help: "The manifest to write, relative to the project folder.")
    var manifest: String = "assetsmith.yml"

    @Option(name: .long, help: "Folder (relative to the project) to copy the masters into.")
    var sources: String = "AssetSources"

    @OptionGroup var terminal: TerminalOptions

    func run() throws {
        let printer = DiagnosticPrinter(terminal)
        let current = FileManager.default.currentDirectoryPath
        var root = PathText.absolute(project, relativeTo: current)
        // The manifest goes where init was asked to look; for a project given as `--project
        // macos/App.xcodeproj` below the current folder, in the current folder (one manifest, at the root).
        var manifestRoot = root
        // An Xcode project: given, or the only one in the folder (or one folder down).
        var projectFile: ProjectFile?
        if root.hasSuffix(".xcodeproj") {
            projectFile = try ProjectRoles.load(root, printer: printer)
            root = PathText.parent(root)
            manifestRoot = root == current || root.hasPrefix(current + "/") ? current : root
        } else {
            let found = InitProjectFinder.projects(in: root)
            if found.count == 1 {
                projectFile = try ProjectRoles.load(found[0], printer: printer)
            } else if found.count > 1 {
                printer.note("found \(found.count) Xcode projects (\(found.map { relativePath($0) }.joined(separator: ", "))); "
                    + "read none: --project PATH.xcodeproj takes one")
            }
        }
        let manifestPath = PathText.absolute(manifest, relativeTo: manifestRoot)
        let manifestDirectory = PathText.parent(manifestPath)
        // One manifest per project: one beside the project file (an earlier init run there) counts too.
        let projectFolder = projectFile.map { PathText.parent($0.path) }
        if let projectFolder, projectFolder != manifestDirectory,
           let existing = [manifest, "assetsmith.yml"].map({ PathText.absolute($0, relativeTo: projectFolder) })
            .first(where: { FileManager.default.fileExists(atPath: $0) }) {
            printer.print([.error("\"\(relativePath(existing))\" already exists for \(relativePath(projectFile?.path ?? projectFolder)); "
                                  + "init writes one manifest per project", at: .file(relativePath(existing)),
                                  fix: "build with `assetsmith build --manifest \(relativePath(existing))`, or move it away first")])
            throw ExitCode(2)
        }
        if FileManager.default.fileExists(atPath: manifestPath) {
            printer.print([.error("\"\(relativePath(manifestPath))\" already exists; init never overwrites a manifest",
                                  at: .file(relativePath(manifestPath)),
                                  fix: "move it away first, or write another one with --manifest other.yml")])
            throw ExitCode(2)
        }
        let catalogs = CatalogSurvey.catalogs(below: root)
        let choice: Choice
        if let catalog {
            let path = URL(fileURLWithPath: PathText.absolute(catalog, relativeTo: FileManager.default.currentDirectoryPath))
                .standardizedFileURL.path
            var isDirectory: ObjCBool = false
            guard FolderKind(rawValue: (path as NSString).pathExtension) == .catalog, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                  isDirectory.boolValue else {
                printer.print([.error("no asset catalog (.xcassets folder) at \"\(catalog)\"", at: .file(catalog),
                                      fix: catalogs.isEmpty ? "give the path of an .xcassets folder"
                                          : "give one of: " + catalogs.map { "\"\(relativePath(root + "/" + $0))\"" }.joined(separator: ", "))])
                throw ExitCode(2)
            }
            choice = Choice(path: path, reason: "named by --catalog")
        } else if let projectFile, let picked = Self.appCatalog(projectFile) {
            choice = picked
        } else if let picked = Self.appCatalog(catalogs, root: root) {
            choice = picked
        } else {
            printer.print([.error("no asset catalog (.xcassets) found below \"\(relativePath(root))\"", at: .file(relativePath(root)),
                                  fix: "run init in your project's folder (or pass --project), or start from the README's example manifest")])
            throw ExitCode(2)
        }
        let catalogPath = choice.path
        let chosen = PathText.relative(catalogPath, to: root)
        let sets = ContentsReader.sets(inCatalogAt: catalogPath) ?? []
        let survey = CatalogSurvey.survey(sets) { inside in SourceCopier.measure(catalogPath + "/" + inside) }

        let sourcesFolder = PathText.absolute(sources, relativeTo: manifestDirectory)
        if let outside = SourceCopier.linkedOutside(sourcesFolder, project: manifestDirectory) {
            printer.print([.error("the sources folder \"\(sources)\" leads through a symbolic link to \"\(outside)\", outside the project; "
                                  + "refusing to copy masters through it", at: .file(relativePath(sourcesFolder)),
                                  fix: "remove the link, or give another folder with --sources")])
            throw ExitCode(2)
        }
        var copier = SourceCopier(folder: sourcesFolder, manifestDirectory: manifestDirectory)
        var text = Self.header(catalog: PathText.relative(catalogPath, to: manifestDirectory),
                               schema: SchemaReference.forManifest(in: manifestDirectory),
                               project: projectFile.map { PathText.relative($0.path, to: manifestDirectory) })
        if let projectFile { text += ProjectFlavorTerms.lines(projectFile).map { $0 + "\n" }.joined() }
        var assets: [String] = []
        let roles = projectFile.map { file in
            IconRoles(project: file.path, targets: file.targets.filter { $0.catalogs.contains(catalogPath) })
        }
        var warnings: [Diagnostic] = []
        do {
            for icon in survey.appIcons {
                let setPath = icon.folder.map { $0 + "/" } ?? ""
                var lines = ["  # \(setPath)\(FolderKind.appIconSet.folder(icon.name)): its 1024 px master, copied out of the catalog"]
                if let note = icon.note { lines.append("  # note: \(note)") }
                lines += ["  - name: \(Self.quoted(icon.name))", "    kind: app-icon",
                          "    source: \(try copier.copy(catalogPath + "/" + icon.master, as: icon.name))"]
                lines += Self.placementLines(icon)
                if icon.platforms.contains(.ios), let transparent = Self.transparentPixels(catalogPath + "/" + icon.master),
                   Self.mustBeOpaque(icon.name, roles: roles) {
                    let shown = relativePath(catalogPath + "/" + icon.master)
                    warnings.append(.warning("the master of \"\(icon.name)\" (\(shown)) has \(transparent) transparent pixel\(transparent == 1 ? "" : "s"); "
                                                + "an iOS app icon is opaque, so the build flattens it onto white (#FFFFFF)",
                                             at: .file(shown),
                                             fix: "set `background:` of \"\(icon.name)\" in \(relativePath(manifestPath)) to the colour to flatten onto, or give an opaque master"))
                    lines.append("    background: \"#FFFFFF\"   # the master is transparent: the build flattens it onto this colour")
                }
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
                  # \(image.folder.map { $0 + "/" } ?? "")\(FolderKind.imageSet.folder(image.name)): drawn from its @\(image.scale)x file (\(image.pixels.width)x\(image.pixels.height) px)
                  - name: \(Self.quoted(image.name))
                    kind: image
                    source: \(try copier.copy(catalogPath + "/" + image.file, as: image.name))\(image.folder.map { "\n    folder: \(Self.quoted($0))   # kept in its group folder" } ?? "")
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
        let bundles = survey.iconBundles.map { PathText.relative(catalogPath + "/" + $0, to: manifestDirectory) }
            + InitProjectFinder.iconBundles(below: root).map { PathText.relative(root + "/" + $0, to: manifestDirectory) }
        text += Self.iconBundleComment(bundles)
        let others = catalogs.filter { $0 != chosen && root + "/" + $0 != catalogPath }
        if !others.isEmpty {
            text += "\n# Other catalogs found (one manifest builds one catalog; copy this file to build another):\n"
            text += others.map { "#   \($0)\n" }.joined()
        }
        do {
            try SafeFiles(root: manifestDirectory).write(Data(text.utf8), to: PathText.lastComponent(manifestPath))
        } catch {
            printer.print([error])
            throw ExitCode(1)
        }
        let alternatives = catalogs.map { root + "/" + $0 }.filter { $0 != catalogPath }
        printer.note("chose \(relativePath(catalogPath)) (\(choice.reason))"
            + (alternatives.isEmpty ? "" : "; also found: " + alternatives.map { relativePath($0) }.joined(separator: ", ")
                + " (--catalog PATH takes another)"))
        printer.print(warnings)
        for line in Self.adoptionReport(survey, iconBundles: bundles) { printer.note(line) }
        printer.note("wrote \(relativePath(manifestPath)) for \(relativePath(catalogPath)): "
            + "\(survey.appIcons.count) app icon\(survey.appIcons.count == 1 ? "" : "s"), "
            + "\(survey.images.count) image\(survey.images.count == 1 ? "" : "s"); "
            + "\(copier.copied) source\(copier.copied == 1 ? "" : "s") copied into \(relativePath(copier.folder)); "
            + "\(survey.leftAlone.count) set\(survey.leftAlone.count == 1 ? "" : "s") left as they are")
        printer.note("next: assetsmith build --manifest \(relativePath(manifestPath)), then assetsmith verify")
    }

    /// The catalog init adopts (absolute) and why it was chosen.
    struct Choice {
        var path: String
        var reason: String
    }

    /// With a project: the catalog holding the primary app icon of the first app target (in the
    /// project's order) whose icon has an image, else of the first app target with any catalog.
    static func appCatalog(_ project: ProjectFile) -> Choice? {
        let apps = project.targets.filter { $0.productType.isApp && !$0.catalogs.isEmpty }
        for filledOnly in [true, false] {
            for target in apps {
                for catalog in target.catalogs {
                    let sets = (ContentsReader.sets(inCatalogAt: catalog) ?? []).filter { $0.kind == .appIcon }
                    // What ships first (the Release configuration's icon), then the others in order.
                    let names = target.appIconNames(configuration: "Release") + target.appIconNames
                    let icons = names.compactMap { name in sets.first { $0.name == name } }
                    if let icon = icons.first(where: { !filledOnly || hasImage($0) }) {
                        return Choice(path: catalog, reason: "the app icon \"\(icon.name)\" of target \"\(target.name)\" in \(relativePath(project.path))")
                    }
                }
            }
        }
        return apps.first.map { Choice(path: $0.catalogs[0], reason: "the first catalog of target \"\($0.name)\" in \(relativePath(project.path))") }
    }

    /// Without a project: one holding an app icon with an image, before one with an empty
    /// placeholder, then one named `Assets.xcassets`, then the shallowest; nil when there is none.
    static func appCatalog(_ catalogs: [String], root: String) -> Choice? {
        func iconRank(_ catalog: String) -> Int {
            let icons = (ContentsReader.sets(inCatalogAt: root + "/" + catalog) ?? []).filter { $0.kind == .appIcon }
            return icons.contains(where: hasImage) ? 0 : icons.isEmpty ? 2 : 1
        }
        let ranks = Dictionary(uniqueKeysWithValues: catalogs.map { ($0, iconRank($0)) })
        let best = catalogs.min { a, b in
            let keyA = (ranks[a] ?? 2, PathText.lastComponent(a) == FolderKind.catalog.folder("Assets") ? 0 : 1, a.split(separator: "/").count, a)
            let keyB = (ranks[b] ?? 2, PathText.lastComponent(b) == FolderKind.catalog.folder("Assets") ? 0 : 1, b.split(separator: "/").count, b)
            return keyA < keyB
        }
        return best.map { catalog in
            Choice(path: root + "/" + catalog, reason: ["it holds an app icon with an image", "it holds an empty app icon",
                                                        "no catalog holds an app icon"][ranks[catalog] ?? 2]
                   + "; no Xcode project read, --project App.xcodeproj takes the app target's")
        }
    }

    /// Whether an app icon set names at least one file it holds.
    static func hasImage(_ set: CatalogSet) -> Bool {
        set.images.contains { $0.image.filename.map(set.files.contains) ?? false }
    }

    /// Transparent pixels of a PNG master; nil when it has none or cannot be decoded.
    static func transparentPixels(_ path: String) -> Int? {
        guard PNGDeclaredSize.refusal(path) == nil, case .success(let data) = BoundedFile.read(path, limit: Budgets.standard.sourceBytes),
              let info = try? PNGCodec.info(data), info.size.width * info.size.height <= Budgets.standard.imagePixels,
              let bitmap = try? PNGCodec.decode(data), !bitmap.isOpaque else { return nil }
        var count = 0
        var i = 3
        while i < bitmap.pixels.count {
            if bitmap.pixels[i] != 255 { count += 1 }
            i += 4
        }
        return count > 0 ? count : nil
    }

    /// Whether the icon's role asks for an opaque icon: an app's primary icon (with a project), or
    /// any icon but one a project gives to an extension (without one, the role is not known).
    static func mustBeOpaque(_ name: String, roles: IconRoles?) -> Bool {
        guard let roles else { return true }
        switch roles.role(of: name) {
        case .primary(_, let product): return product.isApp
        case .alternate, .shadowed, .unused: return true
        }
    }

    static func header(catalog: String, schema: String?, project: String? = nil) -> String {
        var text = ""
        if let schema { text += "# yaml-language-server: $schema=\(schema)\n" }
        text += """
        # assetsmith.yml, written by `assetsmith init` from \(catalog).
        # `assetsmith build` renders the assets below into that catalog; `assetsmith verify` checks it.
        # No `table:` is given, so the newest requirement table is used (see README: The manifest).
        output: \(quoted(catalog))   # the catalog itself

        """
        if let project {
            text += "project: \(quoted(project))   # verify judges each app icon by the role its targets give it\n"
        }
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

    /// The real path of `folder` when it lies inside `project` as written but a symbolic link
    /// (the folder itself or one of its parents below the project) leads it outside; nil otherwise.
    static func linkedOutside(_ folder: String, project: String) -> String? {
        guard folder.hasPrefix(project + "/") else { return nil } // outside as written: the user's choice
        let realProject = SystemFolders.realPath(project)
        let real = SystemFolders.realPath(folder)
        return real == realProject || real.hasPrefix(realProject + "/") ? nil : real
    }

    /// Copies `path` as `<name>.<ext>` and returns the path to write in the manifest.
    mutating func copy(_ path: String, as name: String) throws(Diagnostic) -> String {
        let data = try Self.master(path)
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
