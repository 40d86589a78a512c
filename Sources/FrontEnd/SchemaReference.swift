import AssetCore
import AssetSpec
import Foundation

/// The `$schema=` of the manifest `init` writes, portable to a teammate's machine (issue 35): the
/// schema's path relative to the manifest when the project carries it (a vendored copy of
/// Assetsmith), else the schema's `$id` URL, never the absolute path of one install or checkout.
package enum SchemaReference {
    package static func forManifest(in manifestDirectory: String) -> String? {
        guard let path = TemplateLocator.schemaPath(manifestDirectory: manifestDirectory) else { return nil }
        let real = SystemFolders.realPath(path)
        let directory = SystemFolders.realPath(manifestDirectory)
        if real.hasPrefix(directory + "/") { return PathText.relative(real, to: directory) }
        return identifier(of: path)
    }

    /// The schema's `$id`: where editors fetch it from.
    static func identifier(of path: String) -> String? {
        guard case .success(let data) = BoundedFile.read(path, limit: 4 << 20),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let id = json["$id"] as? String, id.hasPrefix("https://") else { return nil }
        return id
    }
}
