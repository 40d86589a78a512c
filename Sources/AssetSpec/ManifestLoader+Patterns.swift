import AssetCore
import Foundation
import Yams
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Source patterns: an asset whose `source` has a `*` in its file name (`Assets/Icons/*.svg`)
/// stands for one asset per matching file, in name order, and its `name` must have a `*` too,
/// replaced by the file's name without extension (`Icon-*` → `Icon-home`). A file added to the
/// folder later is picked up by the next build (and by `watch`, which watches the folder).
extension ManifestLoader {
    /// The asset items `item` stands for, and the folder its pattern lists (nil without a pattern).
    static func expandPattern(_ item: Node, directory: String, sink: DiagnosticSink) -> (items: [Node], folder: String?) {
        // The first `source` key's value, found by the keys' text alone (a mapping lookup by node
        // would compare each key's resolved tag too; the first key of that text is the one it finds).
        guard case .mapping(let mapping) = item,
              let sourceNode = mapping.first(where: { $0.key.string == "source" })?.value,
              let pattern = sourceNode.string, pattern.utf8.contains(UInt8(ascii: "*")) else {
            return ([item], nil)
        }
        let filePattern = PathText.lastComponent(pattern)
        let patternFolder = PathText.parent(pattern)
        if patternFolder.utf8.contains(UInt8(ascii: "*")) {
            sink.error("\"source\" pattern \"\(pattern)\" has a \"*\" in a folder name", at: sourceNode,
                       fix: "put \"*\" in the file name only, e.g. Assets/Icons/*.svg")
            return ([], nil)
        }
        let nameKey = mapping.keys.first { $0.string == "name" }
        guard let nameKey, let nameNode = mapping[nameKey], let namePattern = nameNode.string, namePattern.utf8.contains(UInt8(ascii: "*")) else {
            sink.error("an asset whose \"source\" is a pattern (\"\(pattern)\") needs a \"name\" with \"*\"",
                       at: nameKey.flatMap { mapping[$0] } ?? item,
                       fix: "write a name such as \"Icon-*\"; \"*\" becomes each file's name without extension")
            return ([], nil)
        }
        let folder = absolutePath(patternFolder.isEmpty ? "." : patternFolder,
                                  relativeTo: directory)
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { !$0.hasPrefix(".") && fnmatch(filePattern, $0, 0) == 0 }
            .sorted()
        if files.isEmpty {
            sink.error("\"source\" pattern \"\(pattern)\" matches no file", at: sourceNode,
                       fix: "check the folder and the extension; the pattern is relative to the manifest's folder")
            return ([], folder)
        }
        let items = files.map { file -> Node in
            let stem = (file as NSString).deletingPathExtension
            let path = patternFolder.isEmpty ? file : patternFolder + "/" + file
            let pairs = mapping.map { key, value -> (Node, Node) in
                switch key.string {
                case "source": return (key, .scalar(.init(path, .implicit, .any, value.mark)))
                case "name": return (key, .scalar(.init(namePattern.replacingOccurrences(of: "*", with: stem), .implicit, .any, value.mark)))
                default: return (key, value)
                }
            }
            return .mapping(.init(pairs, mapping.tag, mapping.style, mapping.mark))
        }
        return (items, folder)
    }
}
