import AssetCore
import AssetPlan
import AssetSpec
import Foundation

/// What one build reads and writes, computed in one place: the Xcode file lists, the build stamp
/// and `watch` all take their files from here, so they cannot drift apart.
struct BuildFiles: Equatable {
    /// Absolute paths of every file a build reads: the manifest, every source, `.icon` layer and
    /// launch template (with the logos and glyphs a template names), and the requirement table. Sorted.
    var inputs: [String]
    /// Absolute paths of every file a build writes: each image, each set's Contents.json, the
    /// catalog's own Contents.json and the side files (`<Name>-UILaunchScreen.plist`, each
    /// `.icon` bundle's icon.json and layers). Sorted.
    var outputs: [String]
    /// Folders whose listing decides the build: source pattern folders and the template folders.
    var folders: [String]

    init(manifest: Manifest, manifestPath: String, plan: Plan, templateDirectories: [String]) {
        var inputs: Set<String> = [manifestPath]
        inputs.formUnion(plan.sourcePaths)
        let tables = templateDirectories.map { ($0 as NSString).appendingPathComponent("Tables") }
        if let table = tables.lazy.map({ ($0 as NSString).appendingPathComponent(plan.table + ".json") })
            .first(where: { FileManager.default.fileExists(atPath: $0) }) {
            inputs.insert(table)
        }
        self.inputs = inputs.sorted()

        let catalog = (plan.outputDirectory as NSString).appendingPathComponent(plan.catalogFolder)
        var outputs: Set<String> = [catalog + "/Contents.json"]
        outputs.formUnion(plan.jobs.map { catalog + "/" + $0.output })
        outputs.formUnion(plan.entries.map { catalog + "/" + $0.folder + "/Contents.json" })
        outputs.formUnion(plan.sideFilePaths.map { (plan.outputDirectory as NSString).appendingPathComponent($0) })
        self.outputs = outputs.sorted()

        var folders = Set(manifest.patternFolders)
        for directory in templateDirectories {
            folders.insert(directory)
            folders.formUnion(["Tables", "Launch"].map { (directory as NSString).appendingPathComponent($0) })
        }
        self.folders = folders.sorted()
    }

    /// The folders to watch: every input's folder and the listed folders that exist.
    var watchedDirectories: [String] {
        Set(inputs.map { PathText.parent($0) }).union(folders)
            .filter { FileManager.default.fileExists(atPath: $0) }.sorted()
    }
}
