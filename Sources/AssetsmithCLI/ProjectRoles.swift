import ArgumentParser
import AssetCore
import Foundation
import FrontEnd
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import XcodeProject

/// `--project` (and the manifest's `project:`): the Xcode project read once, as the command line
/// reads it (`ProjectLookup` in FrontEnd finds it and gives the roles; `VerifySession` uses them).
enum ProjectRoles {
    /// Reads the project at `path` (an `.xcodeproj`, or a folder holding exactly one); a problem is
    /// printed and exits 2.
    static func load(_ path: String, printer: DiagnosticPrinter) throws -> ProjectFile {
        do {
            return try read(path)
        } catch {
            printer.print([error])
            throw ExitCode(2)
        }
    }

    /// The project `path` names, read; a problem as a diagnostic. CoreFoundation logs a malformed
    /// file's parse error to standard error itself; the diagnostic says the same, once, in our format.
    static func read(_ path: String) throws(Diagnostic) -> ProjectFile {
        let url = try ProjectLookup.projectURL(path, option: "--project")
        do {
            return try StandardError.silenced { () throws(ProjectError) in try ProjectFile.load(url) }
        } catch {
            throw ProjectLookup.diagnostic(error)
        }
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
