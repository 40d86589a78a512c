import AssetCatalog
import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import PNGCodec
import Verification
import XcodeProject

/// `init` as every front end runs it (the CLI's `assetsmith init`, the MCP server's `init`):
/// writes a commented `assetsmith.yml` for a project that already has a catalog.
///
/// It finds the project's catalogs, picks the app's (the one with an app icon), and reproduces
/// what it can: each app icon from its 1024 px master (copied out into a sources folder, since a
/// generated set cannot be its own source), with its dark and tinted appearances, and each image
/// set made of one large file. Those assets carry `adopt: true`, so the first build moves the
/// set's current files to a backup. Every other set is listed in a comment and never touched.
/// An existing manifest is never overwritten, nor is any existing source file. What it has to say
/// goes to `say` in order (`InitMessage`); a refusal is thrown (`InitRefusal`). Messages name the
/// command line's options (`--catalog PATH takes another`), which the MCP tool answers with too.
package struct InitSession {
    /// The project folder to look in, or the Xcode project whose app target's catalog to take.
    package var project: String = "."
    /// The catalog to adopt (default: the app target's, or the one holding a filled app icon).
    package var catalog: String?
    /// The manifest to write, relative to the project folder.
    package var manifest: String = "assetsmith.yml"
    /// Folder (relative to the project) to copy the masters into.
    package var sources: String = "AssetSources"
    /// Say what would be written; write nothing, copy no master.
    package var dryRun = false
    /// Reads an Xcode project (the CLI's keeps CoreFoundation's own log off standard error).
    package var loadProject: (String) throws(Diagnostic) -> ProjectFile = { path throws(Diagnostic) in
        try ProjectLookup.load(path, option: "--project")
    }

    package init() {}

    package func run(_ say: (InitMessage) -> Void) throws(InitRefusal) {
        let place = try placement(say)
        try refuseSecondManifest(place)
        let catalogs = CatalogSurvey.catalogs(below: place.root)
        let choice = try chooseCatalog(catalogs, root: place.root, project: place.project)
        let sets = ContentsReader.sets(inCatalogAt: choice.path) ?? []
        let survey = CatalogSurvey.survey(sets) { inside in SourceCopier.measure(choice.path + "/" + inside) }
        var copier = try sourceCopier(place)
        copier.dryRun = dryRun
        let adoption: Adoption
        let text: String
        do {
            adoption = try Self.adopt(survey, catalog: choice.path, otherCatalogs: catalogs, place: place,
                                      sources: sources, copier: &copier)
            text = ManifestWriter.text(adoption.manifest)
            if !dryRun { try SafeFiles(root: place.manifestDirectory).write(Data(text.utf8), to: PathText.lastComponent(place.manifestPath)) }
        } catch {
            throw InitRefusal([error], exitCode: 1)
        }
        say(.manifest(text: text, path: place.manifestPath, written: !dryRun))
        let alternatives = catalogs.map { place.root + "/" + $0 }.filter { $0 != choice.path }
        say(.note("chose \(CurrentFolder.relative(choice.path)) (\(choice.reason))"
            + (alternatives.isEmpty ? "" : "; also found: " + alternatives.map { CurrentFolder.relative($0) }.joined(separator: ", ")
                + " (--catalog PATH takes another)")))
        say(.diagnostics(adoption.warnings))
        let bundles = adoption.manifest.iconBundles
        for line in Self.adoptionReport(survey, iconBundles: bundles) { say(.note(line)) }
        say(.note("\(dryRun ? "would write" : "wrote") \(CurrentFolder.relative(place.manifestPath)) for \(CurrentFolder.relative(choice.path)): "
            + "\(survey.appIcons.count) app icon\(survey.appIcons.count == 1 ? "" : "s"), "
            + "\(survey.images.count) image\(survey.images.count == 1 ? "" : "s"); "
            + "\(copier.copied) source\(copier.copied == 1 ? "" : "s") copied into \(CurrentFolder.relative(copier.folder)); "
            + "\(survey.leftAlone.count) set\(survey.leftAlone.count == 1 ? "" : "s") left as they are"))
        say(.note("next: assetsmith build --manifest \(CurrentFolder.relative(place.manifestPath)), then assetsmith verify"))
    }

    /// Where init looks and writes: the folder searched for catalogs, the manifest's path and
    /// folder, and the Xcode project when there is one.
    package struct Placement {
        package var root: String
        package var manifestPath: String
        package var project: ProjectFile?
        package var manifestDirectory: String { PathText.parent(manifestPath) }

        package init(root: String, manifestPath: String, project: ProjectFile?) {
            self.root = root
            self.manifestPath = manifestPath
            self.project = project
        }
    }

    /// The folder to search and the project: `--project` names a folder or an Xcode project; in a
    /// folder, the only Xcode project in it (or one folder down) is read.
    func placement(_ say: (InitMessage) -> Void) throws(InitRefusal) -> Placement {
        let current = FileManager.default.currentDirectoryPath
        var root = PathText.absolute(project, relativeTo: current)
        // The manifest goes where init was asked to look; for a project given as `--project
        // macos/App.xcodeproj` below the current folder, in the current folder (one manifest, at the root).
        var manifestRoot = root
        var projectFile: ProjectFile?
        if root.hasSuffix(".xcodeproj") {
            projectFile = try InitRefusal.exit2 { () throws(Diagnostic) in try loadProject(root) }
            root = PathText.parent(root)
            manifestRoot = root == current || root.hasPrefix(current + "/") ? current : root
        } else {
            let found = InitProjectFinder.projects(in: root)
            if found.count == 1 {
                projectFile = try InitRefusal.exit2 { () throws(Diagnostic) in try loadProject(found[0]) }
            } else if found.count > 1 {
                say(.note("found \(found.count) Xcode projects (\(found.map { CurrentFolder.relative($0) }.joined(separator: ", "))); "
                    + "read none: --project PATH.xcodeproj takes one"))
            }
        }
        return Placement(root: root, manifestPath: PathText.absolute(manifest, relativeTo: manifestRoot), project: projectFile)
    }

    /// Refuses (exit 2) when the manifest exists, or one beside the project file does (an earlier
    /// init run there): one manifest per project, never overwritten.
    func refuseSecondManifest(_ place: Placement) throws(InitRefusal) {
        let projectFolder = place.project.map { PathText.parent($0.path) }
        if let projectFolder, projectFolder != place.manifestDirectory,
           let existing = [manifest, "assetsmith.yml"].map({ PathText.absolute($0, relativeTo: projectFolder) })
            .first(where: { FileManager.default.fileExists(atPath: $0) }) {
            throw InitRefusal([.error("\"\(CurrentFolder.relative(existing))\" already exists for \(CurrentFolder.relative(place.project?.path ?? projectFolder)); "
                                  + "init writes one manifest per project", at: .file(CurrentFolder.relative(existing)),
                                  fix: "build with `assetsmith build --manifest \(CurrentFolder.relative(existing))`, or move it away first")], exitCode: 2)
        }
        if FileManager.default.fileExists(atPath: place.manifestPath) {
            throw InitRefusal([.error("\"\(CurrentFolder.relative(place.manifestPath))\" already exists; init never overwrites a manifest",
                                  at: .file(CurrentFolder.relative(place.manifestPath)),
                                  fix: "move it away first, or write another one with --manifest other.yml")], exitCode: 2)
        }
    }

    /// The catalog to adopt: `--catalog`, else the app target's, else the best found below `root`;
    /// exit 2 when `--catalog` names no catalog or there is none.
    func chooseCatalog(_ catalogs: [String], root: String, project: ProjectFile?) throws(InitRefusal) -> Choice {
        if let catalog {
            let path = URL(fileURLWithPath: PathText.absolute(catalog, relativeTo: FileManager.default.currentDirectoryPath))
                .standardizedFileURL.path
            var isDirectory: ObjCBool = false
            guard FolderKind(rawValue: (path as NSString).pathExtension) == .catalog, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                  isDirectory.boolValue else {
                throw InitRefusal([.error("no asset catalog (.xcassets folder) at \"\(catalog)\"", at: .file(catalog),
                                      fix: catalogs.isEmpty ? "give the path of an .xcassets folder"
                                          : "give one of: " + catalogs.map { "\"\(CurrentFolder.relative(root + "/" + $0))\"" }.joined(separator: ", "))], exitCode: 2)
            }
            return Choice(path: path, reason: "named by --catalog")
        }
        if let project, let picked = Self.appCatalog(project) { return picked }
        if let picked = Self.appCatalog(catalogs, root: root) { return picked }
        throw InitRefusal([.error("no asset catalog (.xcassets) found below \"\(CurrentFolder.relative(root))\"", at: .file(CurrentFolder.relative(root)),
                              fix: "run init in your project's folder (or pass --project), or start from the example manifest in Docs/manifest.md")], exitCode: 2)
    }

    /// The copier into `--sources`; exit 2 when that folder leads through a link out of the project.
    func sourceCopier(_ place: Placement) throws(InitRefusal) -> SourceCopier {
        let sourcesFolder = PathText.absolute(sources, relativeTo: place.manifestDirectory)
        if let outside = SourceCopier.linkedOutside(sourcesFolder, project: place.manifestDirectory) {
            throw InitRefusal([.error("the sources folder \"\(sources)\" leads through a symbolic link to \"\(outside)\", outside the project; "
                                  + "refusing to copy masters through it", at: .file(CurrentFolder.relative(sourcesFolder)),
                                  fix: "remove the link, or give another folder with --sources")], exitCode: 2)
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
                        return Choice(path: catalog, reason: "the app icon \"\(icon.name)\" of target \"\(target.name)\" in \(CurrentFolder.relative(project.path))")
                    }
                }
            }
        }
        return apps.first.map { Choice(path: $0.catalogs[0], reason: "the first catalog of target \"\($0.name)\" in \(CurrentFolder.relative(project.path))") }
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
package struct SourceCopier {
    package let folder: String
    package let manifestDirectory: String
    package private(set) var copied = 0
    /// `--dry-run`: the names a copy would take, nothing written.
    package var dryRun = false

    package init(folder: String, manifestDirectory: String) {
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

/// What init says, in the order it says it: the manifest it made (printed on standard output by
/// the CLI when not written), notes, and warnings.
package enum InitMessage {
    case manifest(text: String, path: String, written: Bool)
    case note(String)
    case diagnostics([Diagnostic])
}

/// Init refused (nothing was written): why, and the exit code the CLI ends with (2: what was
/// asked for is wrong; 1: a master could not be copied or the manifest written).
package struct InitRefusal: Error {
    package var diagnostics: [Diagnostic]
    package var exitCode: Int32

    package init(_ diagnostics: [Diagnostic], exitCode: Int32) {
        self.diagnostics = diagnostics
        self.exitCode = exitCode
    }

    /// A problem reading the project, as a refusal with exit code 2.
    static func exit2<T>(_ body: () throws(Diagnostic) -> T) throws(InitRefusal) -> T {
        do {
            return try body()
        } catch {
            throw InitRefusal([error], exitCode: 2)
        }
    }
}

extension InitSession {
    /// The MCP `init` tool: init run for a request, what it says kept as data.
    package static func outcome(_ request: InitRequest) -> InitOutcome {
        var session = InitSession()
        session.project = request.project
        session.catalog = request.catalog
        session.dryRun = !request.write
        var notes: [String] = []
        var diagnostics: [Diagnostic] = []
        var made: (text: String, path: String, written: Bool)?
        do {
            try session.run { message in
                switch message {
                case .manifest(let text, let path, let written): made = (text, path, written)
                case .note(let line): notes.append(line)
                case .diagnostics(let more): diagnostics += more
                }
            }
        } catch {
            diagnostics += error.diagnostics
        }
        return InitOutcome(manifest: made?.text, manifestPath: made?.path, written: made?.written ?? false,
                           diagnostics: diagnostics, notes: notes)
    }
}
