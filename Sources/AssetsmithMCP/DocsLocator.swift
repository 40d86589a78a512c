import AssetCore
import Foundation

/// Where the documentation pages (`Docs/*.md`) are, for the resources:
/// `$ASSETSMITH_DOCS`, then `Docs/` in a folder above the executable (a SwiftPM build inside the
/// repository) or `share/assetsmith/Docs` beside it (`make install`). Nil when they are not installed.
enum DocsLocator {
    static func folder() -> String? {
        var candidates: [String] = []
        if let env = ProcessInfo.processInfo.environment["ASSETSMITH_DOCS"], !env.isEmpty { candidates.append(env) }
        for start in [Bundle.main.executableURL?.resolvingSymlinksInPath().path, CommandLine.arguments.first].compactMap({ $0 }) {
            var folder = PathText.parent(PathText.absolute(start, relativeTo: FileManager.default.currentDirectoryPath))
            candidates.append((folder as NSString).appendingPathComponent("../share/assetsmith/Docs"))
            while folder != "/" && !folder.isEmpty {
                candidates.append((folder as NSString).appendingPathComponent("Docs"))
                folder = PathText.parent(folder)
            }
        }
        return candidates.map { ($0 as NSString).standardizingPath }
            .first { FileManager.default.fileExists(atPath: ($0 as NSString).appendingPathComponent("verify.md")) }
    }

    /// The pages, by file name (`verify.md`), sorted.
    static func pages() -> [(name: String, path: String)] {
        guard let folder = folder() else { return [] }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        return names.map { ($0, (folder as NSString).appendingPathComponent($0)) }
    }
}
