import AssetCore
import AssetPlan
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A set taken over from files Assetsmith did not write (`adopt: true`).
package struct SetAdoption: Sendable, Hashable {
    /// The set folder inside the catalog.
    package var folder: String
    /// The files moved away.
    package var moved: [String]
    /// Where they went: the absolute path of the backup folder in the state folder.
    package var backupFolder: String
    /// True for a folder next to the catalog (an `.icon` bundle), whose `folder` is relative to
    /// the output folder; false for a set inside the catalog.
    package var outsideCatalog = false
}

/// Who owns each set the plan writes, settled before the first byte of that set is written.
///
/// A set folder that holds only files the previous build generated is ours. A set that does not
/// exist yet is ours. A set whose only file is a Contents.json that assigns no image (what Xcode's
/// templates create: an empty `AppIcon.appiconset`) is adopted silently. Anything else holds
/// files Assetsmith did not write: the set is refused (nothing is written into it) unless its
/// asset opts in with `adopt: true`, when those files are moved to
/// `<state>/backup/<catalog>/<set>/` first (`StateFolder`). Hidden files (`.DS_Store`) are ignored.
package struct SetOwnership {
    /// Set folders that must not be written.
    var refused: Set<String> = []
    /// Paths inside the catalog that may be written over although the last record does not list
    /// them (an adopted set's files).
    var takenOver: Set<String> = []
    var adoptions: [SetAdoption] = []
    var diagnostics: [Diagnostic] = []

    /// Settles every set of `plan`. `pending` maps each path about to be written to the SHA-256
    /// of its bytes: a file Assetsmith did not write that already holds exactly those bytes is no
    /// conflict.
    static func settle(_ plan: Plan, catalog: SafeFiles, output: SafeFiles, old: BuildRecord,
                       pending: [String: SHA256Digest]) -> SetOwnership {
        var result = SetOwnership()
        // Sets inside sets (a brand-assets folder's image stacks, a stack's layers) are the plan's own.
        let planned = Set(plan.entries.map(\.folder))
        // Only sets something is written into need settling (files the record shows unchanged
        // were taken out of `pending` before).
        let written = Set(pending.keys.flatMap(CatalogWriter.foldersAbove))
        for entry in plan.entries where written.contains(entry.folder) {
            let folder = entry.folder
            let foreign = foreignFiles(in: folder, catalog: catalog, old: old, pending: pending)
                .filter { !planned.contains(folder + "/" + $0) }
            guard !foreign.isEmpty else { continue }
            if foreign == ["Contents.json"], assignsNoFile(catalog.read(folder + "/Contents.json")) {
                result.takenOver.insert(folder + "/Contents.json")
                continue
            }
            let shown = plan.catalogFolder + "/" + folder
            if plan.adopting.contains(entry.asset) {
                do {
                    let adoption = try moveAway(foreign, of: folder, catalogFolder: plan.catalogFolder,
                                                catalog: catalog, state: StateFolder(plan: plan).files)
                    result.adoptions.append(adoption)
                    result.takenOver.formUnion(foreign.map { folder + "/" + $0 })
                } catch {
                    result.refused.insert(folder)
                    result.diagnostics.append(error)
                }
                continue
            }
            result.refused.insert(folder)
            let listed = foreign.prefix(6).map { "\"\($0)\"" }.joined(separator: ", ")
                + (foreign.count > 6 ? " and \(foreign.count - 6) more" : "")
            result.diagnostics.append(.error(
                "the set \"\(shown)\" holds files assetsmith did not write (\(listed)); nothing was written into it",
                at: .file((catalog.root as NSString).appendingPathComponent(folder)),
                fix: "add `adopt: true` to asset \"\(entry.asset)\" in the manifest to take the set over "
                    + "(its files are moved to .assetsmith/backup/), or rename the asset, or move the set out of the catalog"))
        }
        return result
    }

    /// Names of the files in `folder` that the previous build did not write, sorted; the
    /// temporary files of a killed build found on the way are removed.
    private static func foreignFiles(in folder: String, catalog: SafeFiles, old: BuildRecord,
                                     pending: [String: SHA256Digest]) -> [String] {
        guard let path = try? catalog.resolve(folder),
              let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return [] }
        catalog.removeStaleTemporaries(in: folder, names: names)
        return names.filter { name in
            let inside = folder + "/" + name
            guard !name.hasPrefix("."), old.files[inside] == nil else { return false }
            if let digest = pending[inside], catalog.read(inside).map(Digest.sha256Digest) == digest { return false }
            // A folder inside the set (a layer of an image stack) whose files the last build all
            // generated is ours: its stale files are removed after the write.
            // (Types by lstat: a symbolic link is never taken for a folder.)
            func type(_ path: String) -> FileAttributeType? {
                (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
            }
            guard type(path + "/" + name) == .typeDirectory,
                  let inner = FileManager.default.enumerator(atPath: path + "/" + name) else { return true }
            for case let file as String in inner {
                switch type(path + "/" + name + "/" + file) {
                case .typeDirectory?: continue
                case .typeRegular? where PathText.lastComponent(file).hasPrefix("."): continue
                case .typeRegular? where old.files[inside + "/" + file] != nil: continue
                default: return true
                }
            }
            return false
        }.sorted()
    }

    /// True for a Contents.json that names no file (Xcode's empty placeholder sets); false when it
    /// does, or cannot be read as JSON (then it is a person's file and is kept).
    package static func assignsNoFile(_ data: Data?) -> Bool {
        guard let data, let object = try? JSONSerialization.jsonObject(with: data) else { return false }
        func names(_ value: Any) -> Bool {
            if let dictionary = value as? [String: Any] {
                return dictionary[ContentsKey.filename.rawValue] != nil || dictionary.values.contains(where: names)
            }
            if let array = value as? [Any] { return array.contains(where: names) }
            return false
        }
        return !names(object)
    }

    /// Moves `files` of `folder` (paths inside it, `Assets/a.png` too) to
    /// `<state>/backup/<catalog>/<folder>/` (`<state>/backup/<folder>/` when `catalogFolder`
    /// is empty: a folder next to the catalog), in a numbered folder when an earlier backup of the
    /// same set is there.
    /// `state` is the state folder's files (`StateFolder.files`); the adoption names the backup
    /// folder by its absolute path.
    static func moveAway(_ files: [String], of folder: String, catalogFolder: String, catalog: SafeFiles,
                         state: SafeFiles) throws(Diagnostic) -> SetAdoption {
        // Everything is checked before anything moves: a set holding a symbolic link is refused
        // whole, its Contents.json left where it is (moving some files, then stopping at the
        // link, would leave the set without its Contents.json).
        let shown = catalogFolder.isEmpty ? folder : catalogFolder + "/" + folder
        for name in files {
            do {
                _ = try catalog.resolve(folder + "/" + name)
            } catch {
                throw .error("the set \"\(shown)\" holds the symbolic link \"\(name)\"; nothing of the set was moved or written",
                             at: .file((catalog.root as NSString).appendingPathComponent(folder + "/" + name)),
                             fix: "replace the link with the file it points to (or remove it), then build again")
            }
        }
        let backupRoot = StateFolder.backupName
        let base = catalogFolder.isEmpty ? "\(backupRoot)/\(folder)" : "\(backupRoot)/\(catalogFolder)/\(folder)"
        var backup = base
        var number = 2
        while (try? state.resolve(backup)).map({ FileManager.default.fileExists(atPath: $0) }) ?? false {
            backup = base + "-\(number)"
            number += 1
        }
        try state.makeRoot()
        try state.makeDirectory(backup)
        var moved: [String] = []
        for name in files {
            let from = try catalog.resolve(folder + "/" + name)
            let inner = PathText.parent(name)
            if !inner.isEmpty { try state.makeDirectory(backup + "/" + inner) }
            let to = try state.resolve(backup + "/" + name)
            guard rename(from, to) == 0 else {
                let reason = String(cString: strerror(errno))
                throw .error("cannot move \"\(name)\" of the set \"\(catalogFolder)/\(folder)\" to the backup folder: \(reason)",
                             at: .file(from), fix: "check permissions, or move the set out of the catalog yourself")
            }
            moved.append(name)
        }
        return SetAdoption(folder: folder, moved: moved, backupFolder: state.root + "/" + backup)
    }
}
