import AssetCore
import AssetPlan
import Foundation

/// The one namespace of set names in a catalog, as actool sees it: `AppIcons/Orange.appiconset`
/// and `Orange.appiconset` are both the asset `Orange`, and which one ships is left to chance.
/// A group folder whose Contents.json says `"provides-namespace": true` starts a namespace of its
/// own (`Icons/Orange`). Checked before anything is written (issue 35).
package enum CatalogNamespace {
    /// A set already in the catalog.
    package struct Existing: Sendable, Hashable {
        /// Path inside the catalog (`AppIcons/Orange.appiconset`).
        package var path: String
        /// Whether the last build wrote it (its Contents.json is in the build record).
        package var generated: Bool

        package init(path: String, generated: Bool) {
            self.path = path
            self.generated = generated
        }
    }

    /// The key a set's name has in the catalog's namespace: the namespace folders above it, its
    /// name, lowercased, and its kind (`icons/orange.appiconset` in a namespace folder `Icons`).
    package static func key(_ path: String, namespaces: Set<String>) -> String {
        var prefix: [String] = []
        var folder = ""
        for part in PathText.parent(path).split(separator: "/").map(String.init) {
            folder = folder.isEmpty ? part : folder + "/" + part
            if namespaces.contains(folder) { prefix.append(part) }
        }
        // Sets of different kinds may share a name: an app icon set and a visionOS solid image
        // stack both named `AppIcon` give one icon per platform (symbolgrid in the shared corpus).
        let kind = (PathText.lastComponent(path) as NSString).pathExtension
        return (prefix + [Planner.namespaceName(path)]).joined(separator: "/").lowercased() + "." + kind.lowercased()
    }

    /// Group folders (relative paths) below `catalogPath` whose Contents.json provides a namespace.
    package static func namespaceFolders(in catalogPath: String) -> Set<String> {
        var found: Set<String> = []
        var queue = [""]
        var visited = 0
        while let relative = queue.popLast(), visited < 10_000 {
            visited += 1
            let path = relative.isEmpty ? catalogPath : catalogPath + "/" + relative
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                var isDirectory: ObjCBool = false
                guard (name as NSString).pathExtension.isEmpty,
                      FileManager.default.fileExists(atPath: catalogPath + "/" + child, isDirectory: &isDirectory), isDirectory.boolValue,
                      (try? FileManager.default.destinationOfSymbolicLink(atPath: catalogPath + "/" + child)) == nil else { continue }
                if providesNamespace(catalogPath + "/" + child) { found.insert(child) }
                queue.append(child)
            }
        }
        return found
    }

    /// Whether the group folder at `folder` (absolute) says `"provides-namespace" : true`.
    package static func providesNamespace(_ folder: String) -> Bool {
        guard case .success(let data) = BoundedFile.read(folder + "/Contents.json", limit: 1 << 20),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let properties = json["properties"] as? [String: Any] else { return false }
        return (properties["provides-namespace"] as? Bool) == true
    }

    /// Errors for every set the plan writes whose name the catalog already holds at another path
    /// (a set the last build did not write), or that a hand-made set holds at the very path for an
    /// asset that may not adopt it. `existing` are the catalog's sets, `namespaces` its namespace folders.
    package static func clashes(_ plan: Plan, existing: [Existing], namespaces: Set<String>,
                                place: (String) -> Diagnostic.Location,
                                handMadeAtSamePath: (CatalogEntry) -> String?) -> [Diagnostic] {
        var byKey: [String: [Existing]] = [:]
        for set in existing where !set.generated { byKey[key(set.path, namespaces: namespaces), default: []].append(set) }
        var diagnostics: [Diagnostic] = []
        // Only sets with a name of their own: a stack's layer sets are its business.
        for entry in plan.entries where isNamed(entry.folder) {
            let shown = plan.catalogFolder + "/" + entry.folder
            // No hand-made set at all (a catalog only assetsmith writes): no name to compare.
            let others = byKey.isEmpty ? [] : byKey[key(entry.folder, namespaces: namespaces)] ?? []
            for other in others where other.path != entry.folder {
                diagnostics.append(.error(
                    "asset \"\(entry.asset)\" would write \"\(shown)\", but the catalog already holds a set of that name at "
                        + "\"\(plan.catalogFolder)/\(other.path)\"; set names share one namespace in a catalog, so which one ships would be left to chance",
                    at: place(entry.asset),
                    fix: "give the asset `folder: \(PathText.parent(other.path).isEmpty ? "<group>" : PathText.parent(other.path))` "
                        + "to write that set in place (with `adopt: true` to take it over), or rename the asset"))
            }
            if let why = handMadeAtSamePath(entry) {
                diagnostics.append(.error("asset \"\(entry.asset)\" would overwrite \"\(shown)\", which \(why)",
                                          at: place(entry.asset),
                                          fix: "name the flavour's sets differently (flavor-name: \"{name}{flavor}\" gives AppIconBeta), "
                                              + "remove the flavour, or delete the hand-made set if you mean assetsmith to draw it"))
            }
        }
        return diagnostics
    }
}

extension CatalogNamespace {
    /// Whether a set at `path` has a name in the catalog's namespace: not a part of a container
    /// (the layers of an image stack, the images of a sprite atlas, an `.icon`'s files).
    package static func isNamed(_ path: String) -> Bool {
        var parent = PathText.parent(path)
        while !parent.isEmpty {
            if !(PathText.lastComponent(parent) as NSString).pathExtension.isEmpty { return false }
            parent = PathText.parent(parent)
        }
        return true
    }
}
