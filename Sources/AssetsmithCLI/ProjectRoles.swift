import ArgumentParser
import AssetCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Verification
import XcodeProject

/// `--project` (and the manifest's `project:`): the Xcode project read once, and the roles its
/// targets give the app icon sets of one catalog.
enum ProjectRoles {
    /// Reads the project at `path` (an `.xcodeproj`, or a folder holding exactly one); a problem is
    /// printed and exits 2.
    static func load(_ path: String, printer: DiagnosticPrinter) throws -> ProjectFile {
        let absolute = PathText.absolute(path, relativeTo: FileManager.default.currentDirectoryPath)
        var url = URL(fileURLWithPath: absolute).standardizedFileURL
        if url.pathExtension != "xcodeproj", url.lastPathComponent != "project.pbxproj" {
            let projects = ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
                .filter { $0.hasSuffix(".xcodeproj") }.sorted()
            guard projects.count == 1 else {
                printer.print([.error(projects.isEmpty ? "no Xcode project (.xcodeproj) in \"\(path)\""
                                        : "\"\(path)\" holds \(projects.count) Xcode projects (\(projects.joined(separator: ", ")))",
                                      at: .file(path), fix: "give the .xcodeproj itself to --project")])
                throw ExitCode(2)
            }
            url.appendPathComponent(projects[0])
        }
        do {
            // CoreFoundation logs a malformed file's parse error to standard error itself; the
            // error printed below says the same, once, in our format.
            return try StandardError.silenced { () throws(ProjectError) in try ProjectFile.load(url) }
        } catch {
            printer.print([.error(error.message, at: .file(relativePath(error.path)),
                                  fix: error.message.hasPrefix("is not a property list")
                                      ? "repair it (an unresolved merge conflict, or a hand edit); Xcode cannot open it either"
                                      : "give the .xcodeproj folder Xcode opens (it holds project.pbxproj)")])
            throw ExitCode(2)
        }
    }

    /// The roles for the catalog at `catalogPath`: from the targets that compile it. A catalog no
    /// target compiles is printed as an error (naming the ones they do) and exits 2.
    static func roles(for catalogPath: String, in project: ProjectFile, printer: DiagnosticPrinter) throws -> IconRoles {
        let catalog = URL(fileURLWithPath: PathText.absolute(catalogPath, relativeTo: FileManager.default.currentDirectoryPath))
            .standardizedFileURL.path
        let targets = project.targets.filter { $0.catalogs.contains(catalog) }
        guard !targets.isEmpty else {
            let built = Set(project.targets.flatMap(\.catalogs)).sorted().map { "\"\(relativePath($0))\"" }
            printer.print([.error("no target of \(relativePath(project.path)) builds \"\(relativePath(catalog))\"",
                                  at: .file(relativePath(catalog)),
                                  fix: built.isEmpty ? "add the catalog to a target (its Copy Bundle Resources phase)"
                                      : "verify a catalog the project builds: " + ReportText.capped(built, at: catalogsShown))])
            throw ExitCode(2)
        }
        return IconRoles(project: relativePath(project.path), targets: targets)
    }

    /// Catalogs named in a fix line at most (a folder synchronized with `/` finds hundreds).
    static let catalogsShown = 5

    /// Every catalog a target of the project compiles, app targets' first, each once.
    static func catalogs(of project: ProjectFile) -> [String] {
        var seen: Set<String> = []
        let ordered = project.targets.filter { $0.productType.isApp } + project.targets.filter { !$0.productType.isApp }
        return ordered.flatMap(\.catalogs).filter { seen.insert($0).inserted }
    }
}

/// Standard error closed for a moment (file descriptor 2 pointed at /dev/null), for a library that
/// logs on its own. Only for the CLI's single-threaded start, before any worker runs.
enum StandardError {
    static func silenced<T>(_ body: () throws(ProjectError) -> T) throws(ProjectError) -> T {
        let saved = dup(2)
        let null = open("/dev/null", O_WRONLY)
        if saved >= 0, null >= 0 { dup2(null, 2) }
        defer {
            if saved >= 0 { dup2(saved, 2); close(saved) }
            if null >= 0 { close(null) }
        }
        return try body()
    }
}
