import AssetCatalog
import AssetCore
import AssetPlan
import FrontEnd
import Foundation

/// Moves the state a build before issue 47 kept in `<output>/.assetsmith` to the state folder
/// (`StateFolder`: `.assetsmith` beside the manifest, or `state:`), so that nothing of Assetsmith's
/// stays inside a folder Xcode may copy into the app. The record moves whole, so every file it
/// lists stays Assetsmith's to update or remove; so do the journal, the backups of adopted sets
/// and the preview. Done by a build from a terminal (an Xcode phase may not touch the old place).
enum StateMigration {
    /// The names a build before issue 47 kept in `<output>/.assetsmith` for `state`'s catalog.
    static func movedNames(_ state: StateFolder) -> [String] {
        [state.recordName, String(state.recordName.dropLast(5)), state.stampName, state.journalName,
         StateFolder.backupName, "preview.png", "preview.html", "preview.record.json"]
    }

    static func migrate(plan: Plan, printer: DiagnosticPrinter) {
        let state = StateFolder(plan: plan)
        let legacy = StateFolder.legacy(outputDirectory: plan.outputDirectory, catalogFolder: plan.catalogFolder)
        guard legacy.path != state.path, let oldRecord = try? legacy.files.resolve(legacy.recordName),
              FileStamp.ofRegularFile(oldRecord) != nil, FileStat.of(state.record) == nil else { return }
        do {
            try state.files.makeRoot()
        } catch {
            printer.print([error])
            return
        }
        var moved: [String] = []
        for name in movedNames(state) {
            guard let from = try? legacy.files.resolve(name), FileStat.of(from) != nil,
                  let to = try? state.files.resolve(name), FileStat.of(to) == nil else { continue }
            if rename(from, to) == 0 {
                moved.append(name)
            } else {
                printer.print([.warning("cannot move \"\(CurrentFolder.relative(from))\" to the state folder: \(String(cString: strerror(errno)))",
                                        at: .file(CurrentFolder.relative(from)),
                                        fix: "move it to \(CurrentFolder.relative(state.path)) yourself")])
            }
        }
        _ = legacy.files.remove(legacy.lockName)
        rmdir(legacy.path)
        printer.note("moved the build state (\(moved.joined(separator: ", "))) from \(CurrentFolder.relative(legacy.path)) to "
            + "\(CurrentFolder.relative(state.path)): nothing of assetsmith's stays beside the catalog, where Xcode may copy it into the app")
    }
}
