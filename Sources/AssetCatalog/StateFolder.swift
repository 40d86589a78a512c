import AssetCore
import AssetPlan
import Foundation

/// Where one catalog's build state lives, named in this one place (issue 47): the build record,
/// the stamp, the lock, the write journal, the spill file, previews and the backups of adopted
/// sets.
///
/// It is the manifest's `state:` folder, `.assetsmith` beside the manifest by default, never the
/// output folder: an output folder is often a folder an Xcode 16 target synchronizes, and Xcode
/// copies every file of such a folder into the app, dot files included (tuist/tuist#11534: a
/// `.gitkeep` in a buildable folder is bundled), and would hand a backup `.xcassets` to actool.
/// A plan made without a manifest (verify of a catalog) has no state folder of its own: then it
/// is `<output>/.assetsmith`, where builds before issue 47 kept it (`legacy`).
package struct StateFolder: Sendable, Equatable {
    /// The folder's name beside the manifest (and in the output folder before issue 47).
    package static let defaultName = ".assetsmith"

    /// Absolute path of the folder.
    package let path: String
    /// The catalog the state is of (`Assets.xcassets`): each of its files is named after it.
    package let catalogFolder: String

    package init(path: String, catalogFolder: String) {
        self.path = (path as NSString).standardizingPath
        self.catalogFolder = catalogFolder
    }

    /// The plan's state folder (`Plan.stateDirectory`), or the legacy one when it has none.
    package init(plan: Plan) {
        self.init(path: plan.stateDirectory.isEmpty ? Self.legacyPath(outputDirectory: plan.outputDirectory)
                                                    : plan.stateDirectory,
                  catalogFolder: plan.catalogFolder)
    }

    /// `<output>/.assetsmith`: where every build before issue 47 kept its state.
    package static func legacyPath(outputDirectory: String) -> String {
        (outputDirectory as NSString).appendingPathComponent(defaultName)
    }

    /// The same catalog's state where builds before issue 47 kept it.
    package static func legacy(outputDirectory: String, catalogFolder: String) -> StateFolder {
        StateFolder(path: legacyPath(outputDirectory: outputDirectory), catalogFolder: catalogFolder)
    }

    /// The state of the catalog `catalogFolder` in `outputDirectory` when no manifest says where
    /// it is (verify of a catalog): the first `.assetsmith` folder holding its record, looking in
    /// the output folder (where builds before issue 47 kept it), then in each folder above it,
    /// up to `levels` of them (a manifest sits beside or above what it writes); the legacy place
    /// when none holds one.
    package static func find(catalogFolder: String, outputDirectory: String, levels: Int = 4) -> StateFolder {
        var folder = outputDirectory
        for _ in 0...levels {
            let state = StateFolder(path: legacyPath(outputDirectory: folder), catalogFolder: catalogFolder)
            if FileStamp.ofRegularFile(state.record) != nil { return state }
            guard folder != "/", !folder.isEmpty else { break }
            folder = PathText.parent(folder)
        }
        return legacy(outputDirectory: outputDirectory, catalogFolder: catalogFolder)
    }

    /// File operations confined to the folder (no links, atomic writes).
    package var files: SafeFiles { SafeFiles(root: path) }

    /// Names inside the folder.
    package var recordName: String { "\(catalogFolder).record.json" }
    package var stampName: String { "\(catalogFolder).stamp" }
    package var lockName: String { "\(catalogFolder).lock" }
    package var journalName: String { "\(catalogFolder).pending.json" }
    /// The folder backups of adopted sets go to (`backup/<catalog>/<set>`; `backup/<set>` for a
    /// folder beside the catalog, such as an `.icon` bundle).
    package static let backupName = "backup"

    /// The preview's files (`assetsmith preview`, `build --preview`), in this folder unless a
    /// preview folder is named.
    package static let previewFiles = ["preview.png", "preview.html"]

    /// Absolute paths.
    package var record: String { path + "/" + recordName }
    package var stamp: String { path + "/" + stampName }
    package var lock: String { path + "/" + lockName }
    package var journal: String { path + "/" + journalName }

    /// The files a build of this catalog may write here whose names are known before it runs:
    /// what an Xcode Run Script phase declares as outputs (`XcodeFileLists`). The preview, the
    /// backups and the spill file are not among them (a phase never draws a preview, adopts or
    /// spills into this folder).
    package var declaredFiles: [String] { [path, record, recordParts, stamp, lock, journal] }

    /// `declaredFiles` for a build of `plan`, with every slot of the record's parts
    /// (`BuildRecord.slotNames`, 512 paths) when the plan makes more than half as many files as a
    /// record keeps in one file: a record that large is kept in parts, and a phase that may not
    /// write them cannot record its build (issue 50).
    /// `recordFiles`: the files the record lists, when the plan is only part of the manifest (an
    /// edit's build).
    package func declaredFiles(for plan: Plan, recordFiles: Int? = nil) -> [String] {
        let files = recordFiles ?? (plan.jobs.count + plan.entries.count + 1)
        guard files > BuildRecord.singleFileEntries / 2 else { return declaredFiles }
        return declaredFiles + BuildRecord.slotNames(count: BuildRecord.maximumParts).map { recordParts + "/" + $0 }
    }

    /// The folder a large record keeps its parts in (`BuildRecord+Parts`).
    package var recordParts: String { String(record.dropLast(5)) }

    /// True when `name` (an entry of a folder being listed) is a state folder of this kind: the
    /// catalog writer and `watch` skip it.
    package static func isStateFolderName(_ name: String) -> Bool { name == defaultName }
}
