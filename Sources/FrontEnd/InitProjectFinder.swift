import AssetCatalog
import AssetCore
import Foundation

/// Where `init` finds what a project already has outside its catalog: the Xcode project (in the
/// folder, or one folder down as `macos/Ghostty.xcodeproj` at a repository root) and the Icon
/// Composer `.icon` bundles the project keeps beside its catalogs.
enum InitProjectFinder {
    /// The Xcode projects directly in `folder`, or, when it has none, those one folder down
    /// (absolute paths, sorted), skipping hidden folders, catalogs and build or dependency folders.
    static func projects(in folder: String) -> [String] {
        let here = xcodeprojects(in: folder)
        if !here.isEmpty { return here }
        return subfolders(of: folder).flatMap(xcodeprojects(in:)).sorted()
    }

    /// Every `<Name>.icon` folder (with an icon.json) below `root` and outside its catalogs, as
    /// paths relative to `root`, sorted; at most four folders deep, as projects keep them.
    static func iconBundles(below root: String) -> [String] {
        var found: [String] = []
        var queue: [(relative: String, depth: Int)] = [("", 0)]
        while let (relative, depth) = queue.popLast(), found.count < 200 {
            let path = relative.isEmpty ? root : root + "/" + relative
            for name in subfolderNames(of: path) {
                let child = relative.isEmpty ? name : relative + "/" + name
                if FolderKind(rawValue: (name as NSString).pathExtension) == .iconComposer {
                    if FileManager.default.fileExists(atPath: root + "/" + child + "/icon.json") { found.append(child) }
                } else if (name as NSString).pathExtension.isEmpty, depth < 4 {
                    queue.append((child, depth + 1))
                }
            }
        }
        return found.sorted()
    }

    private static func xcodeprojects(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".xcodeproj") }.sorted().map { folder + "/" + $0 }
    }

    private static func subfolders(of folder: String) -> [String] {
        subfolderNames(of: folder).filter { ($0 as NSString).pathExtension.isEmpty }.map { folder + "/" + $0 }
    }

    /// Folder names in `folder`, not hidden, not skipped, not symbolic links.
    private static func subfolderNames(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().filter { name in
            guard !name.hasPrefix("."), !CatalogSurvey.skippedFolders.contains(name) else { return false }
            let path = folder + "/" + name
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) != nil { return false }
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }
}
