import AssetCore
import AssetPlan
import AssetSpec
import Foundation

/// What one build reads and writes, computed in one place: the Xcode file lists, the build stamp
/// and `watch` all take their files from here, so they cannot drift apart.
package struct BuildFiles: Equatable {
    /// Absolute paths of every file a build reads: the manifest, every source, `.icon` layer and
    /// launch template (with the logos and glyphs a template names), and the requirement table. Sorted.
    package var inputs: [String]
    /// Folders whose listing decides the build: source pattern folders and the template folders.
    package var folders: [String]

    /// Built once a build (the stamp's snapshot, the file lists and the stamp share it): each list
    /// gathered in an array, then sorted with its repeats dropped.
    package init(manifest: Manifest, manifestPath: String, plan: Plan, templateDirectories: [String]) {
        var inputs = plan.sourcePaths
        inputs += manifest.namedSources
        inputs.append(manifestPath)
        let tables = templateDirectories.map { ($0 as NSString).appendingPathComponent("Tables") }
        if let table = tables.lazy.map({ ($0 as NSString).appendingPathComponent(plan.table + ".json") })
            .first(where: { FileManager.default.fileExists(atPath: $0) }) {
            inputs.append(table)
        }
        self.inputs = Self.sortedOnce(inputs)

        var folders = manifest.patternFolders
        for directory in templateDirectories {
            folders.append(directory)
            folders += ["Tables", "Launch"].map { (directory as NSString).appendingPathComponent($0) }
        }
        self.folders = Self.sortedOnce(folders)
    }

    /// Absolute paths of every file a build of `plan` writes: each image, each set's Contents.json,
    /// the catalog's own Contents.json and the side files (`<Name>-UILaunchScreen.plist`, each
    /// `.icon` bundle's icon.json and layers). Sorted. Made when asked, at the end of a build, not
    /// kept through it (issue 38: 200,000 paths, some 25 MB, at 50,000 assets).
    package static func outputs(of plan: Plan) -> [String] {
        let catalog = (plan.outputDirectory as NSString).appendingPathComponent(plan.catalogFolder)
        var outputs = [catalog + "/Contents.json"]
        outputs.reserveCapacity(plan.jobs.count + plan.entries.count + 1)
        // By position: a job (344 bytes) is not copied to read its path.
        outputs += plan.jobs.indices.map { catalog + "/" + plan.jobs[$0].output }
        outputs += plan.entries.indices.map { catalog + "/" + plan.entries[$0].folder + "/Contents.json" }
        outputs += plan.sideFilePaths.map { (plan.outputDirectory as NSString).appendingPathComponent($0) }
        return sortedOnce(outputs)
    }

    /// `paths` sorted, each once (what `Set(paths).sorted()` gives, without hashing every path).
    package static func sortedOnce(_ paths: [String]) -> [String] {
        var sorted = paths.sorted()
        var kept = 0
        for index in sorted.indices where index == 0 || sorted[index] != sorted[kept - 1] {
            sorted.swapAt(kept, index)
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        return sorted
    }

    /// The folders to watch: every input's folder and the listed folders that exist.
    package var watchedDirectories: [String] {
        Set(inputs.map { PathText.parent($0) }).union(folders)
            .filter { FileManager.default.fileExists(atPath: $0) }.sorted()
    }
}
