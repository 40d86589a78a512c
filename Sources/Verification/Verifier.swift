/// Verification: reads what is on disk (the catalog, its build record, the sources) and checks
/// it against Xcode's and the App Store's rules and, when there is one, against the plan → a
/// `VerifyReport` of `Finding`s. It never renders, never writes and never prints: a corrupt PNG,
/// malformed JSON or a missing folder is a finding, not a crash.
import AssetCatalog
import AssetCore
import AssetPlan
import Foundation

/// Entry points: `Verifier.verify(catalogAt:)` for any catalog (even one made by hand in Xcode),
/// `Verifier.verify(plan:record:)` for the catalog a manifest builds, with size, upscaling and
/// up-to-date checks on top.
package enum Verifier {
    /// Checks any catalog without a manifest: Contents.json ↔ files, keys and values, pixel sizes
    /// from `size` × `scale` (app icons) and between scales (images), PNG facts, template glyphs.
    ///
    /// - Parameters:
    ///   - displayPath: the catalog as messages show it (default: its folder name).
    ///   - appIcon: the primary app icon set's name (actool's `--app-icon`); the App Store icon
    ///     rules apply to it only.
    ///
    /// When a build record lies beside the catalog (`.assetsmith/<Catalog>.record.json`, written by
    /// `assetsmith build`), the files it lists are our own outputs and are held to the strict rules.
    ///   - roles: the roles the Xcode project gives the app icon sets (`verify --project`): the App
    ///     Store rules apply to an app's primary icon, sets no target ships are reported, and names
    ///     in the build settings without an icon are errors. Without it `appIcon` is taken as the
    ///     primary icon, and the summary says the roles were guessed.
    ///   - projectFile: the project file as messages show it (`App.xcodeproj/project.pbxproj`).
    ///
    /// `stacks`: the requirement table's tvOS and visionOS facts (`StackRules(table:)`); without
    /// them brand-asset roles, stack layer counts and visionOS layer sizes are not checked.
    package static func verify(catalogAt path: String, displayPath: String? = nil, appIcon: String = "AppIcon",
                               stacks: StackRules? = nil, roles: IconRoles? = nil, projectFile: String? = nil) -> VerifyReport {
        let inspection = Inspection(catalogPath: path, display: displayPath ?? PathText.lastComponent(path))
        inspection.appIconName = appIcon
        inspection.stackRules = stacks
        inspection.roles = roles
        // Through URL: `--catalog .` must name the folder itself (NSString's path methods trap on ".").
        let url = URL(fileURLWithPath: path).standardizedFileURL
        let recordPath = StateFolder.find(catalogFolder: url.lastPathComponent,
                                          outputDirectory: url.deletingLastPathComponent().path).record
        // Read once, and only what the checks use is kept: a record lists every file (issue 38).
        var recordedOutputs: [String]?
        if let record = BuildRecord.read(at: recordPath) {
            inspection.ownFiles = OwnFiles(recorded: record.files)
            recordedOutputs = record.outputFiles.map { Array($0.keys) }
        }
        FreedMemory.release()
        if inspection.loadSets() {
            inspection.checkCatalog()
            // Icon Composer bundles beside the catalog (where Xcode projects keep them).
            let parent = url.deletingLastPathComponent().path
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [])
                .filter { name in
                    var isDirectory: ObjCBool = false
                    return name.hasSuffix(FolderKind.iconComposer.dottedExtension) && !name.hasPrefix(".")
                        && FileManager.default.fileExists(atPath: parent + "/" + name, isDirectory: &isDirectory)
                        && isDirectory.boolValue
                }.sorted()
            var checked: Set<String> = []
            for name in names {
                let shown = sibling(name, of: inspection.display)
                let own = recordedOutputs?.contains { $0.hasPrefix(name + "/") } ?? false
                inspection.checkIconBundle(at: parent + "/" + name, shown: shown, own: own)
                checked.insert(URL(fileURLWithPath: parent + "/" + name).standardizedFileURL.path)
                if roles == nil { inspection.checkAmbiguity(bundleFolder: name, bundleShown: shown) }
            }
            // An `.icon` anywhere in a target that builds the catalog counts, not only beside it; it is
            // checked with the catalog that holds app icons (or the target's first), not with every one.
            let bundles = roles?.targets.filter { target in
                target.catalogs.first == url.path || inspection.sets.contains { $0.kind == .appIcon }
            }.flatMap(\.iconBundles) ?? []
            for bundle in Set(bundles).sorted() where !checked.contains(bundle) {
                inspection.checkIconBundle(at: bundle, shown: shownOutside(bundle), own: false)
            }
            inspection.checkRoles()
            inspection.checkRegisteredNames(projectFile: projectFile ?? roles?.project ?? "project.pbxproj")
            inspection.checkScriptPhases(catalog: url.path)
        } else if roles?.targets.contains(where: { !$0.phases(filling: url.path).isEmpty }) == true {
            // A catalog a Run Script phase makes (Assetsmith's own build step, not committed).
            inspection.checkScriptPhases(catalog: url.path, missing: true)
        } else {
            inspection.add(.error, .missingFile, file: inspection.display, asset: nil,
                           message: "the catalog folder does not exist",
                           fix: "check the catalog's path: build first, or name the .xcassets folder the build writes")
        }
        var report = inspection.report()
        if let roles {
            let names = roles.targets.map { "\"\($0.name)\"" }.joined(separator: ", ")
            report.roles = "app icon roles from \(roles.project) (\(roles.targets.count == 1 ? "target" : "targets") \(names))"
        } else if inspection.sets.contains(where: { $0.kind == .appIcon }) {
            report.roles = "app icon roles guessed (primary: \(appIcon); no Xcode project read)"
        }
        return report
    }

    /// A path outside the catalog as messages show it: relative to the working directory when under it.
    static func shownOutside(_ path: String) -> String {
        let here = FileManager.default.currentDirectoryPath
        return path.hasPrefix(here + "/") ? String(path.dropFirst(here.count + 1)) : path
    }

    /// Checks the catalog a plan builds: everything `verify(catalogAt:)` does, plus every slot and
    /// scale of the plan at its exact pixel size, no bitmap source smaller than an output made from
    /// it, and outputs up to date with their sources and the manifest (keys and hashes in `record`).
    ///
    /// - Parameters:
    ///   - record: the build record (`BuildRecord.read`); nil when there is none.
    ///   - displayPath: the catalog as messages show it (default: `plan.catalogFolder`).
    ///   - roles: the roles the Xcode project (`project:` in the manifest, or `--project`) gives the
    ///     app icon sets, as in `verify(catalogAt:)`.
    ///   - listing: the catalog's sets listed while the manifest was parsed (`CatalogListing`).
    ///   - leastShardSets: the fewest sets a shard of the catalog check holds (nil: `Inspection.shardSets`;
    ///     a test asks for fewer).
    package static func verify(plan: Plan, record: BuildRecord?, displayPath: String? = nil,
                               stacks: StackRules? = nil, roles: IconRoles? = nil, listing: CatalogListing? = nil,
                               leastShardSets: Int? = nil) -> VerifyReport {
        let catalogPath = (plan.outputDirectory as NSString).appendingPathComponent(plan.catalogFolder)
        let inspection = Inspection(catalogPath: catalogPath, display: displayPath ?? plan.catalogFolder)
        if let leastShardSets { inspection.leastShardSets = leastShardSets }
        inspection.stackRules = stacks
        inspection.roles = roles
        // The record's folders found on another core while the plan's index is made (issue 50).
        let recorded = record?.files ?? [:]
        let recordFolders = Later { OwnFiles.folders(of: recorded) }
        let check = Inspection.PlanCheck(plan, record: record)
        guard inspection.loadSets(listing: listing) else {
            inspection.add(.error, .missingFile, file: inspection.display, asset: nil,
                           message: "the catalog does not exist", fix: "run `assetsmith build`")
            return inspection.report()
        }
        inspection.ownFiles = OwnFiles(recorded: recorded, recordFolders: recordFolders.value, jobs: plan.jobs,
                                       jobsByFolder: check.jobsByFolder)
        inspection.early = listing?.earlyReads(ofCatalogAt: catalogPath) ?? []
        inspection.checkCatalog(plan: check)
        for bundle in plan.iconBundles ?? [] {
            let shown = sibling(bundle.folder, of: inspection.display)
            inspection.checkIconBundle(at: (plan.outputDirectory as NSString).appendingPathComponent(bundle.folder),
                                       shown: shown, own: true, expected: bundle, record: record?.outputFiles ?? [:])
            if roles == nil { inspection.checkAmbiguity(bundleFolder: bundle.folder, bundleShown: shown) }
        }
        inspection.checkRegistration(plan, record: record)
        inspection.checkRoles()
        inspection.checkRegisteredNames(projectFile: roles.map { $0.project + "/project.pbxproj" } ?? "project.pbxproj")
        var report = inspection.report()
        if let roles {
            report.roles = "app icon roles from \(roles.project)"
        }
        return report
    }

    /// `Output/AppIcon.icon` beside `Output/Assets.xcassets` as messages show them.
    static func sibling(_ name: String, of display: String) -> String {
        // By hand: NSString's path methods trap on ".".
        guard let slash = display.lastIndex(of: "/") else { return name }
        return display[..<slash] + "/" + name
    }
}
