import AssetCore
import AssetSpec
import Foundation

extension Planner {
    /// Puts one asset's sets and files into its `folder:` (a group folder of the catalog), where
    /// the project keeps them: `AppIcon.appiconset` → `AppIcons/AppIcon.appiconset`.
    static func placed(_ part: AssetPlanPart, in folder: String?) -> AssetPlanPart {
        guard let folder, !folder.isEmpty else { return part }
        var part = part
        part.entries = part.entries.map { entry in
            var entry = entry
            entry.folder = folder + "/" + entry.folder
            return entry
        }
        part.jobs = part.jobs.map { job in
            var job = job
            job.output = folder + "/" + job.output
            return job
        }
        return part
    }

    /// What two sets of the plan are compared by: a set of the catalog's namespace by its name
    /// (`AppIcons/Orange.appiconset` and `Orange.appiconset` clash); a set inside another (a layer
    /// of an image stack, `…/Back.imagestacklayer/Content.imageset`) by its whole path, as its
    /// name is its container's business.
    static func collisionKey(_ folder: String) -> String {
        if let name = plainSetName(folder) { return name }
        var parent = PathText.parent(folder)
        while !parent.isEmpty {
            if !(PathText.lastComponent(parent) as NSString).pathExtension.isEmpty {
                return (folder as NSString).deletingPathExtension
            }
            parent = PathText.parent(parent)
        }
        return namespaceName(folder)
    }

    /// The name a set has in the catalog's one namespace: its folder's last part without the
    /// extension (`AppIcons/Orange.appiconset` → `Orange`), as actool sees it.
    package static func namespaceName(_ folder: String) -> String {
        (PathText.lastComponent(folder) as NSString).deletingPathExtension
    }

    /// The name of a set folder at the catalog's top written plainly, `Name.ext` (printable ASCII,
    /// one dot, no slash, a name and an extension of letters): what `namespaceName` gives it,
    /// read off its bytes instead of through NSString (thousands a plan). nil for any other
    /// folder, which `namespaceName` answers.
    static func plainSetName(_ folder: String) -> String? {
        let utf8 = folder.utf8
        guard let dot = utf8.firstIndex(of: UInt8(ascii: ".")), dot != utf8.startIndex else { return nil }
        let name = utf8[..<dot], ext = utf8[utf8.index(after: dot)...]
        guard !ext.isEmpty, ext.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }),
              name.allSatisfy({ (0x20...0x7E).contains($0) && $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: ".") })
        else { return nil }
        return String(Substring(name))
    }
}

extension Planner {
    /// Two assets of the manifest (an asset, an alternate, a flavour, a picker preview) with one
    /// name, compared without case: an error at each, naming the other's line. Their sets would
    /// share one name in the catalog's namespace, whatever their folders.
    static func duplicateNames(_ manifest: Manifest) -> [Diagnostic] {
        // Each name's first asset by its place in the list: no asset is copied into the table.
        var first: [String: Int] = [:]
        first.reserveCapacity(manifest.assets.count)
        var diagnostics: [Diagnostic] = []
        for (index, asset) in manifest.assets.enumerated() {
            let key = asset.name.lowercased()
            guard let earlierIndex = first[key] else {
                first[key] = index
                continue
            }
            let earlier = manifest.assets[earlierIndex]
            for (one, other) in [(asset, earlier), (earlier, asset)] {
                diagnostics.append(.error(
                    "\(described(one)) \"\(one.name)\" has the name of \(described(other)) \"\(other.name)\" (line \(other.location.line)); "
                        + "set names share one namespace in a catalog, whatever their folders",
                    at: .source(one.location), fix: "rename one of the two"))
            }
        }
        return diagnostics
    }

    private static func described(_ asset: AssetEntry) -> String {
        switch asset.variant {
        case .alternate?: "alternate icon"
        case .flavor(_, let flavor)?: "the set of flavour \"\(flavor)\""
        case .preview?: "the picker preview"
        case nil: "asset"
        }
    }
}
