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

    @Flag(name: .customLong("dry-run"), help: "Print the manifest init would write to standard output; write nothing, copy no master.")
    var dryRun = false

    @OptionGroup var terminal: TerminalOptions

    func run() throws {
        let printer = DiagnosticPrinter(terminal)
        let place = try placement(printer)
        try refuseSecondManifest(place, printer: printer)
        let catalogs = CatalogSurvey.catalogs(below: place.root)
        let choice = try chooseCatalog(catalogs, root: place.root, project: place.project, printer: printer)
        let sets = ContentsReader.sets(inCatalogAt: choice.path) ?? []
        let survey = CatalogSurvey.survey(sets) { inside in SourceCopier.measure(choice.path + "/" + inside) }
        var copier = try sourceCopier(place, printer: printer)
        copier.dryRun = dryRun
        let adoption: Adoption
        let text: String
        do {
            adoption = try Self.adopt(survey, catalog: choice.path, otherCatalogs: catalogs, place: place,
                                      sources: sources, copier: &copier)
            text = ManifestWriter.text(adoption.manifest)
            if !dryRun { try SafeFiles(root: place.manifestDirectory).write(Data(text.utf8), to: PathText.lastComponent(place.manifestPath)) }
        } catch {
            printer.print([error])
            throw ExitCode(1)
        }
        printer.manifest(text, path: place.manifestPath, written: !dryRun)
        let alternatives = catalogs.map { place.root + "/" + $0 }.filter { $0 != choice.path }
        printer.note("chose \(relativePath(choice.path)) (\(choice.reason))"
            + (alternatives.isEmpty ? "" : "; also found: " + alternatives.map { relativePath($0) }.joined(separator: ", ")
                + " (--catalog PATH takes another)"))
        printer.print(adoption.warnings)
        let bundles = adoption.manifest.iconBundles
        for line in Self.adoptionReport(survey, iconBundles: bundles) { printer.note(line) }
        printer.note("\(dryRun ? "would write" : "wrote") \(relativePath(place.manifestPath)) for \(relativePath(choice.path)): "
            + "\(survey.appIcons.count) app icon\(survey.appIcons.count == 1 ? "" : "s"), "
            + "\(survey.images.count) image\(survey.images.count == 1 ? "" : "s"); "
            + "\(copier.copied) source\(copier.copied == 1 ? "" : "s") copied into \(relativePath(copier.folder)); "
            + "\(survey.leftAlone.count) set\(survey.leftAlone.count == 1 ? "" : "s") left as they are")
        printer.note("next: assetsmith build --manifest \(relativePath(place.manifestPath)), then assetsmith verify")
    }

    /// Where init looks and writes: the folder searched for catalogs, the manifest's path and
    /// folder, and the Xcode project when there is one.
    struct Placement {
        var root: String
        var manifestPath: String
        var project: ProjectFile?
        var manifestDirectory: String { PathText.parent(manifestPath) }
    }

    /// The folder to search and the project: `--project` names a folder or an Xcode project; in a
    /// folder, the only Xcode project in it (or one folder down) is read.
    func placement(_ printer: DiagnosticPrinter) throws -> Placement {
        let current = FileManager.default.currentDirectoryPath
        var root = PathText.absolute(project, relativeTo: current)
        // The manifest goes where init was asked to look; for a project given as `--project
        // macos/App.xcodeproj` below the current folder, in the current folder (one manifest, at the root).
        var manifestRoot = root
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
        return Placement(root: root, manifestPath: PathText.absolute(manifest, relativeTo: manifestRoot), project: projectFile)
    }

    /// Refuses (exit 2) when the manifest exists, or one beside the project file does (an earlier
    /// init run there): one manifest per project, never overwritten.
    func refuseSecondManifest(_ place: Placement, printer: DiagnosticPrinter) throws {
        let projectFolder = place.project.map { PathText.parent($0.path) }
        if let projectFolder, projectFolder != place.manifestDirectory,
           let existing = [manifest, "assetsmith.yml"].map({ PathText.absolute($0, relativeTo: projectFolder) })
            .first(where: { FileManager.default.fileExists(atPath: $0) }) {
            printer.print([.error("\"\(relativePath(existing))\" already exists for \(relativePath(place.project?.path ?? projectFolder)); "
                                  + "init writes one manifest per project", at: .file(relativePath(existing)),
                                  fix: "build with `assetsmith build --manifest \(relativePath(existing))`, or move it away first")])
            throw ExitCode(2)
        }
        if FileManager.default.fileExists(atPath: place.manifestPath) {
            printer.print([.error("\"\(relativePath(place.manifestPath))\" already exists; init never overwrites a manifest",
                                  at: .file(relativePath(place.manifestPath)),
                                  fix: "move it away first, or write another one with --manifest other.yml")])
            throw ExitCode(2)
        }
    }

    /// The catalog to adopt: `--catalog`, else the app target's, else the best found below `root`;
    /// exit 2 when `--catalog` names no catalog or there is none.
    func chooseCatalog(_ catalogs: [String], root: String, project: ProjectFile?, printer: DiagnosticPrinter) throws -> Choice {
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
            return Choice(path: path, reason: "named by --catalog")
        }
        if let project, let picked = Self.appCatalog(project) { return picked }
        if let picked = Self.appCatalog(catalogs, root: root) { return picked }
        printer.print([.error("no asset catalog (.xcassets) found below \"\(relativePath(root))\"", at: .file(relativePath(root)),
                              fix: "run init in your project's folder (or pass --project), or start from the example manifest in Docs/manifest.md")])
        throw ExitCode(2)
    }

    /// The copier into `--sources`; exit 2 when that folder leads through a link out of the project.
    func sourceCopier(_ place: Placement, printer: DiagnosticPrinter) throws -> SourceCopier {
        let sourcesFolder = PathText.absolute(sources, relativeTo: place.manifestDirectory)
        if let outside = SourceCopier.linkedOutside(sourcesFolder, project: place.manifestDirectory) {
            printer.print([.error("the sources folder \"\(sources)\" leads through a symbolic link to \"\(outside)\", outside the project; "
                                  + "refusing to copy masters through it", at: .file(relativePath(sourcesFolder)),
                                  fix: "remove the link, or give another folder with --sources")])
            throw ExitCode(2)
        }
        return SourceCopier(folder: sourcesFolder, manifestDirectory: place.manifestDirectory)
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
}

/// Copies masters out of the catalog into the sources folder, never over an existing file: an
/// identical file is reused, a different one gets a numbered name.
struct SourceCopier {
    let folder: String
    let manifestDirectory: String
    private(set) var copied = 0
    /// `--dry-run`: the names a copy would take, nothing written.
    var dryRun = false

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

    /// Copies `path` as `<name>.<ext>` and returns the path to write in the manifest (relative to it).
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
            if !dryRun { try files.write(data, to: candidate) }
            copied += 1
        }
        return PathText.relative(folder + "/" + candidate, to: manifestDirectory)
    }
}
