import AssetCore
import Foundation

extension ManifestLoader {
    /// `folder: AppIcons`: the group folder inside the catalog that holds the asset's sets (as a
    /// project keeps them, `AppIcons/AppIcon.appiconset`); nil for the catalog's top level.
    /// A plain relative path of group folders: no `..`, no leading `/`, no folder with an extension
    /// (those are sets, not groups).
    static func readFolder(_ reader: MappingReader, sink: DiagnosticSink) -> String? {
        guard let text = reader.string("folder") else { return nil }
        var value = text.value
        while value.hasSuffix("/") { value.removeLast() }
        let parts = value.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if let bad = folderProblem(value, parts: parts) {
            sink.error("\"folder\" in \(reader.context) is \"\(text.value)\": \(bad)", at: reader.place("folder"),
                       fix: "give the group folder inside the catalog, such as `folder: AppIcons` or `folder: Icons/App`")
            return nil
        }
        return parts.joined(separator: "/")
    }

    /// Why `value` cannot be a group folder path; nil when it can.
    static func folderProblem(_ value: String, parts: [String]) -> String? {
        if value.hasPrefix("/") { return "it must be relative to the catalog, not an absolute path" }
        if parts.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return "it must be folder names separated by \"/\" (no empty part, \".\" or \"..\")"
        }
        if let part = parts.first(where: { !($0 as NSString).pathExtension.isEmpty }) {
            return "\"\(part)\" has an extension, so Xcode reads it as a set, not a group folder"
        }
        if let part = parts.first(where: { !AssetName.isValid($0) }) {
            return "\"\(part)\" cannot be a folder name (\(AssetName.rule))"
        }
        return nil
    }
}
