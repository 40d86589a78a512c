import AssetCore
import Foundation
import FrontEnd
import MCP

/// The resources: the manifest's JSON Schema, the requirement tables (`Templates/Tables`), and the
/// documentation pages (`Docs/*.md`), each read from where the binary finds them.
enum ResourceCatalog {
    static let schemaURI = "assetsmith://schema/manifest"

    /// Every resource with the file it is read from.
    static func entries(root: String) -> [(resource: Resource, path: String)] {
        var entries: [(Resource, String)] = []
        if let schema = TemplateLocator.schemaPath(manifestDirectory: root) {
            entries.append((Resource(name: "assetsmith.schema.json", uri: schemaURI,
                                     description: "The JSON Schema of assetsmith.yml", mimeType: "application/schema+json"), schema))
        }
        var seen: Set<String> = []
        for folder in TemplateLocator.templateDirectories(manifestDirectory: root).map({ $0 + "/Tables" }) {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
            for name in names where seen.insert(name).inserted {
                let table = (name as NSString).deletingPathExtension
                entries.append((Resource(name: "requirement table \(table)", uri: "assetsmith://tables/\(table)",
                                         description: "The sizes and slots the manifest's `table: \(table)` asks for",
                                         mimeType: "application/json"), folder + "/" + name))
            }
        }
        for page in DocsLocator.pages() {
            let name = (page.name as NSString).deletingPathExtension
            entries.append((Resource(name: "docs/\(page.name)", uri: "assetsmith://docs/\(name)", mimeType: "text/markdown"), page.path))
        }
        return entries
    }

    static func read(_ uri: String, root: String) throws -> ReadResource.Result {
        guard let entry = entries(root: root).first(where: { $0.resource.uri == uri }) else {
            // The MCP specification's code for a resource that is not there ("Resources", Error Handling).
            throw MCPError.serverError(code: -32002, message: "Resource not found: \(ReportText.visible(String(uri.prefix(200)))); resources/list names them")
        }
        guard case .success(let data) = BoundedFile.read(entry.path, limit: 16 << 20) else {
            throw MCPError.internalError("cannot read \(entry.path)")
        }
        return .init(contents: [.text(String(decoding: data, as: UTF8.self), uri: uri, mimeType: entry.resource.mimeType)])
    }
}
