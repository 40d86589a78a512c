import AssetCore
import Foundation
import Verification
import XcodeProject

/// `--project` (and the manifest's `project:`, and the MCP tools' `project`): which `.xcodeproj` a
/// path means, and the roles its targets give the app icon sets of one catalog. Problems are
/// diagnostics; the front end prints them (the CLI, then exit 2) or returns them (MCP).
package enum ProjectLookup {
    /// Catalogs named in a fix line at most (a folder synchronized with `/` finds hundreds).
    package static let catalogsShown = 5

    /// The `.xcodeproj` that `path` names: itself, its `project.pbxproj`, or the only project in a
    /// folder. `option` names where the path was given, for the fix (`--project`).
    package static func projectURL(_ path: String, option: String? = nil) throws(Diagnostic) -> URL {
        let absolute = PathText.absolute(path, relativeTo: FileManager.default.currentDirectoryPath)
        var url = URL(fileURLWithPath: absolute).standardizedFileURL
        guard url.pathExtension != "xcodeproj", url.lastPathComponent != "project.pbxproj" else { return url }
        let projects = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
            .filter { $0.hasSuffix(".xcodeproj") }.sorted()
        guard projects.count == 1 else {
            throw .error(projects.isEmpty ? "no Xcode project (.xcodeproj) in \"\(path)\""
                            : "\"\(path)\" holds \(projects.count) Xcode projects (\(projects.joined(separator: ", ")))",
                         at: .file(path), fix: "give the .xcodeproj itself" + (option.map { " to \($0)" } ?? ""))
        }
        url.appendPathComponent(projects[0])
        return url
    }

    /// The project `path` names (`projectURL`), read; a problem as a diagnostic.
    package static func load(_ path: String, option: String? = nil) throws(Diagnostic) -> ProjectFile {
        let url = try projectURL(path, option: option)
        do {
            return try ProjectFile.load(url)
        } catch {
            throw diagnostic(error)
        }
    }

    /// A project that cannot be read, as a diagnostic.
    package static func diagnostic(_ error: ProjectError) -> Diagnostic {
        .error(error.message, at: .file(CurrentFolder.relative(error.path)),
               fix: error.message.hasPrefix("is not a property list")
                   ? "repair it (an unresolved merge conflict, or a hand edit); Xcode cannot open it either"
                   : "give the .xcodeproj folder Xcode opens (it holds project.pbxproj)")
    }

    /// The roles for the catalog at `catalogPath`: from the targets that compile it; a catalog no
    /// target compiles is an error naming the ones they do.
    package static func roles(for catalogPath: String, in project: ProjectFile) throws(Diagnostic) -> IconRoles {
        let catalog = URL(fileURLWithPath: PathText.absolute(catalogPath, relativeTo: FileManager.default.currentDirectoryPath))
            .standardizedFileURL.path
        let targets = project.targets.filter { $0.catalogs.contains(catalog) }
        guard !targets.isEmpty else {
            let built = Set(project.targets.flatMap(\.catalogs)).sorted().map { "\"\(CurrentFolder.relative($0))\"" }
            throw .error("no target of \(CurrentFolder.relative(project.path)) builds \"\(CurrentFolder.relative(catalog))\"",
                         at: .file(CurrentFolder.relative(catalog)),
                         fix: built.isEmpty ? "add the catalog to a target (its Copy Bundle Resources phase)"
                             : "verify a catalog the project builds: " + ReportText.capped(built, at: catalogsShown))
        }
        return IconRoles(project: CurrentFolder.relative(project.path), targets: targets)
    }

    /// Every catalog a target of the project compiles, app targets' first, each once.
    package static func catalogs(of project: ProjectFile) -> [String] {
        var seen: Set<String> = []
        let ordered = project.targets.filter { $0.productType.isApp } + project.targets.filter { !$0.productType.isApp }
        return ordered.flatMap(\.catalogs).filter { seen.insert($0).inserted }
    }
}
