import AssetCatalog
import AssetCore
import AssetPlan
import AssetSpec
import Foundation
import Verification
import XcodeProject

/// One verify as every front end runs it (issue 55; swift-format's `LintFrontend` is the model):
/// the CLI's `verify` and the MCP server's `verify` hand it what their options name, already
/// loaded (the manifest's plan, the Xcode project), and get the reports back. What a catalog is
/// (`FolderKind`), the `--app-icon` check, the project's roles, the synchronized leftovers, the
/// `verify:` rules and strictness are decided here, once. Problems with what was asked for are
/// thrown as a `Diagnostic` (the CLI prints it and exits 2; the server answers with it).
package struct VerifySession {
    /// How the front end names its options in a message or fix (`--catalog`, `` `catalog` ``).
    package struct OptionNames: Sendable {
        package var catalog: String
        /// The option with its value, as a fix tells one to give it (`--catalog PATH`).
        package var catalogWithValue: String
        package var appIcon: String

        package init(catalog: String, catalogWithValue: String, appIcon: String) {
            self.catalog = catalog
            self.catalogWithValue = catalogWithValue
            self.appIcon = appIcon
        }
    }

    /// What is verified.
    package enum Subject {
        /// One catalog on its own (the path as given); `appIcon` names its primary app icon set.
        case catalog(String, appIcon: String?)
        /// Every catalog the project's targets build (no manifest).
        case everyCatalog
        /// The manifest's catalog, against its plan and the build record.
        case plan(Plan, manifestDirectory: String)
    }

    package var names: OptionNames
    package var strictness: Strictness
    /// The build record, being read while the manifest is parsed (`BuildRecord.Prefetch`, issue
    /// 50: 0.65 s of a 50,000-asset catalog's verify); read when the plan's record is another.
    package var prefetched: BuildRecord.Prefetch?
    /// The manifest's catalog, being listed while the manifest is parsed (`CatalogListing`).
    package var listing: CatalogListing?
    /// A path as reports and messages show it: relative to the current folder (the CLI), or to
    /// the server's root.
    package var showPath: (String) -> String

    package init(names: OptionNames, strictness: Strictness = .standard, showPath: @escaping (String) -> String = CurrentFolder.relative) {
        self.names = names
        self.strictness = strictness
        self.showPath = showPath
    }

    /// The reports of `subject` (one per catalog), judged by `project`'s targets when there is
    /// one, with Assetsmith's leftovers in folders it synchronizes added to the first.
    package func reports(_ subject: Subject, project: ProjectFile?) throws(Diagnostic) -> [VerifyReport] {
        var reports: [VerifyReport]
        switch subject {
        case .catalog(let path, let appIcon):
            reports = [try catalog(path, appIcon: appIcon, project: project)]
        case .everyCatalog:
            guard let project else { throw .error("verify of every catalog needs the Xcode project") }
            let catalogs = ProjectLookup.catalogs(of: project)
            if catalogs.isEmpty {
                throw .error("no target of \(showPath(project.path)) builds an asset catalog; nothing to verify",
                             at: .file(showPath(project.path)),
                             fix: "give the catalog with \(names.catalogWithValue) (a catalog in a Swift package is not in the project file)")
            }
            // One report per catalog; a finding about a target's build settings goes to the
            // report of the target's first catalog only.
            reports = []
            for path in catalogs {
                reports.append(try catalog(path, appIcon: nil, project: project, home: catalogs.count > 1))
            }
        case .plan(let plan, let manifestDirectory):
            reports = [try planned(plan, manifestDirectory: manifestDirectory, project: project)]
        }
        return SynchronizedLeftovers.adding(to: reports, project: project)
    }

    /// The reports as shown: what `suppression` accepts taken out, then `strictness` applied.
    package func finished(_ reports: [VerifyReport], suppression: Suppression) -> [VerifyReport] {
        reports.map { suppression.apply(to: $0).applying(strictness) }
    }

    /// The manifest's catalog. Of the manifest, the checks need where it is: the rest (every asset
    /// as written, tens of megabytes at 50,000 assets) is let go once planned (issue 38).
    private func planned(_ plan: Plan, manifestDirectory: String, project: ProjectFile?) throws(Diagnostic) -> VerifyReport {
        let path = StateFolder(plan: plan).record
        let record = prefetched?.snapshot(for: path).map(\.record) ?? BuildRecord.read(at: path)
        // Reading the record frees as much as it keeps (its parts are decoded on several threads).
        FreedMemory.release()
        let catalog = (plan.outputDirectory as NSString).appendingPathComponent(plan.catalogFolder)
        let roles = try project.map { file throws(Diagnostic) in try ProjectLookup.roles(for: catalog, in: file) }
        return Verifier.verify(plan: plan, record: record, displayPath: showPath(catalog),
                               stacks: TemplateLocator.stackRules(table: plan.table, manifestDirectory: manifestDirectory),
                               roles: roles, listing: listing)
    }

    /// One catalog on its own: it must be an `.xcassets` folder, and a named app icon must be one
    /// of its app icons (a misspelt name would switch the App Store checks off).
    private func catalog(_ catalog: String, appIcon: String?, project: ProjectFile?, home: Bool = false) throws(Diagnostic) -> VerifyReport {
        let display = showPath(catalog.count > 1 && catalog.hasSuffix("/") ? String(catalog.dropLast()) : catalog)
        let folder = URL(fileURLWithPath: PathText.absolute(catalog, relativeTo: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
        try checkCatalog(catalog, folder: folder, display: display, project: project)
        if let appIcon {
            guard project == nil else {
                throw .error("\(names.appIcon) has no meaning with the project: the project's targets name their app icons",
                             fix: "leave \(names.appIcon) out")
            }
            try checkAppIcon(appIcon, catalog: catalog, folder: folder, display: display)
        }
        let stacks = TemplateLocator.stackRules(table: nil, manifestDirectory: FileManager.default.currentDirectoryPath)
        if let project {
            var roles = try ProjectLookup.roles(for: catalog, in: project)
            if home { roles.homeCatalog = folder.path }
            return Verifier.verify(catalogAt: catalog, displayPath: display, stacks: stacks, roles: roles,
                                   projectFile: showPath(project.path) + "/project.pbxproj")
        }
        // Asset names are not case-sensitive: the App Store rules go to the set the app icon option names, as spelt on disk.
        let sets = appIcon == nil ? [] : ContentsReader.sets(inCatalogAt: catalog) ?? []
        let primary = appIcon.map { name in sets.first { $0.name.lowercased() == name.lowercased() }?.name ?? name } ?? "AppIcon"
        return Verifier.verify(catalogAt: catalog, displayPath: display, appIcon: primary, stacks: stacks)
    }

    /// A folder, named as a catalog (`FolderKind.catalog`). A catalog a Run Script phase of the
    /// project makes (Assetsmith's own build step, its output not committed) may be absent from
    /// the checkout: the report says so, as a note (issue 48).
    private func checkCatalog(_ catalog: String, folder: URL, display: String, project: ProjectFile?) throws(Diagnostic) {
        var isDirectory: ObjCBool = false
        let madeByAPhase = project?.targets.contains { !$0.phases(filling: folder.path).isEmpty } ?? false
        guard (FileManager.default.fileExists(atPath: catalog, isDirectory: &isDirectory) && isDirectory.boolValue) || madeByAPhase else {
            throw .error("no asset catalog folder at \"\(display)\"", at: .file(display),
                         fix: "give the path of an .xcassets folder to \(names.catalog)")
        }
        guard FolderKind(rawValue: folder.pathExtension) == .catalog else {
            let inside = CatalogSurvey.catalogs(below: folder.path).prefix(5)
            throw .error("\"\(display)\" is not an asset catalog (its name does not end in .xcassets)", at: .file(display),
                         fix: inside.isEmpty ? "give the path of an .xcassets folder to \(names.catalog)"
                             : "give one of the catalogs inside it: "
                                 + inside.map { "\"\(display == "." ? "" : display + "/")\($0)\"" }.joined(separator: ", "))
        }
    }

    /// actool's `--app-icon` names an app icon set, tvOS brand assets or a sticker pack's icon set
    /// (or an Icon Composer `.icon` beside the catalog).
    private func checkAppIcon(_ appIcon: String, catalog: String, folder: URL, display: String) throws(Diagnostic) {
        let sets = ContentsReader.sets(inCatalogAt: catalog) ?? []
        let icons = sets.filter { $0.folderKind?.isPrimaryIconKind == true }.map(\.name)
        let bundles = ((try? FileManager.default.contentsOfDirectory(atPath: folder.deletingLastPathComponent().path)) ?? [])
            .filter { FolderKind.iconComposer.names($0) }.map { FolderKind.iconComposer.name(of: $0) }
        let known = (icons + bundles).sorted()
        guard !known.contains(where: { $0.lowercased() == appIcon.lowercased() }) else { return }
        let guess = Suggestion.closest(to: appIcon, in: known).map { "did you mean \"\($0)\"? " } ?? ""
        throw .error("\(names.appIcon) \"\(appIcon)\" is not an app icon of \"\(display)\"", at: .file(display),
                     fix: guess + (known.isEmpty ? "the catalog has no app icon set; leave \(names.appIcon) out"
                         : "its app icons: " + known.map { "\"\($0)\"" }.joined(separator: ", ")))
    }
}

extension VerifySession {
    /// Where the team's `verify:` rules are: the manifest when there is one, else
    /// `.assetsmith-verify.yml` in the current folder or beside the project (`project` as given).
    package static let rulesFileName = ".assetsmith-verify.yml"

    package static func rulesFile(manifestPath: String, project: String?) -> String? {
        if FileManager.default.fileExists(atPath: manifestPath) { return manifestPath }
        var candidates = [PathText.absolute(rulesFileName, relativeTo: FileManager.default.currentDirectoryPath)]
        if let project {
            let absolute = PathText.absolute(project, relativeTo: FileManager.default.currentDirectoryPath)
            let folder = absolute.hasSuffix(".xcodeproj") ? PathText.parent(absolute) : absolute
            candidates.append(folder + "/" + rulesFileName)
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// The `verify:` rules of `rulesFile(manifestPath:project:)` (none when there is no file).
    package static func rules(manifestPath: String, project: String?) throws(ManifestError) -> [Suppression.Rule] {
        guard let file = rulesFile(manifestPath: manifestPath, project: project) else { return [] }
        return try VerifyRulesLoader.load(path: file, knownRules: Finding.Rule.allCases.map(\.rawValue)).map {
            Suppression.Rule(rule: $0.rule, paths: $0.paths, reason: $0.reason)
        }
    }
}
