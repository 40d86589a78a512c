import AssetCatalog
import AssetCore
import Foundation

/// Set names share one namespace in a catalog, whatever group folder holds them, unless a folder's
/// Contents.json says `"provides-namespace" : true` (then its sets are `Folder/Name`). Two sets of
/// one kind and one name (letter case aside: asset names are not case-sensitive) leave to chance
/// which one an app gets: a warning. Sets of different kinds may share a name: an app icon set and
/// a visionOS solid image stack both named `AppIcon` are how one icon is given per platform
/// (symbolgrid in the shared corpus ships so).
extension Inspection {
    func checkDuplicateNames() {
        var namespaces: [String: String] = [:]
        var seen: [String: String] = [:] // name key → path of the first set of that name
        seen.reserveCapacity(sets.count)
        for set in sets {
            guard let kind = set.folderKind, kind != .catalog else { continue }
            // Layers and content of stacks, brand assets and sticker packs live in their parent's
            // namespace. A set at the top (most of 50,000) has no folders above it to look at.
            var prefix = ""
            if set.path.utf8.contains(UInt8(ascii: "/")) {
                let parts = set.path.split(separator: "/").map(String.init)
                guard !parts.dropLast().contains(where: { FolderKind(rawValue: ($0 as NSString).pathExtension) != nil }) else { continue }
                prefix = namespace(of: parts.dropLast(), cache: &namespaces)
            }
            let key = prefix + set.name.lowercased() + "." + kind.folderExtension
            // One lookup for a name not seen (the first of a name stays the one named).
            if let first = seen.updateValue(set.path, forKey: key) {
                seen[key] = first
                add(.warning, .duplicateName, file: shown(set.path), asset: set.path,
                    message: "has the name of \"\(first)\"; set names share one namespace in a catalog, "
                        + "so which one the app gets is left to chance",
                    fix: "rename one of them, or give their group folder \"provides-namespace\" : true")
            }
        }
    }

    /// `brand/` for a set inside folders whose Contents.json provides a namespace, else "".
    private func namespace(of folders: ArraySlice<String>, cache: inout [String: String]) -> String {
        var prefix = ""
        var path = ""
        for folder in folders {
            path += (path.isEmpty ? "" : "/") + folder
            if let known = cache[path] {
                if !known.isEmpty { prefix += known }
                continue
            }
            let provides = CatalogNamespace.providesNamespace(catalogPath + "/" + path)
            let own = provides ? folder.lowercased() + "/" : ""
            cache[path] = own
            prefix += own
        }
        return prefix
    }
}
