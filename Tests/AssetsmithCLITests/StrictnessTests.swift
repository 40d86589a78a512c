@testable import AssetsmithCLI
import AssetCore
import Foundation
@testable import FrontEnd
import Testing
import TestSupport

/// `--strict` (issue 55): one rule (`Strictness`), applied where a session collects diagnostics:
/// a warning becomes an error, a note stays a note, an error stays an error; `watch --strict`
/// shows the warning as an error and its rebuild line counts it.
@Suite struct StrictnessTests {
    @Test func warningsBecomeErrorsAndNotesStayNotes() {
        let found: [Diagnostic] = [.warning("w"), Diagnostic(.note, "n"), .error("e")]
        #expect(Strictness.strict.apply(found).map(\.severity) == [.error, .note, .error])
        #expect(Strictness.standard.apply(found).map(\.severity) == [.warning, .note, .error])
        #expect(!Strictness.strict.apply([Diagnostic(.note, "n")]).hasErrors, "a note alone never fails --strict")
        #expect(Strictness.strict.apply([.warning("w")]).hasErrors, "one warning fails --strict")
    }

    /// A source with a Display P3 profile: a warning on every build (`BuildCommandTests`).
    func watched(_ strictness: Strictness) throws -> WatchSession {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("watch-strict-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Fixtures.url("Artwork/display-p3.png").path, toPath: dir + "/p3.png")
        try "table: ios18\nassets:\n  - {name: P3, kind: image, source: p3.png, size: 20}\n"
            .write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        setenv("ASSETSMITH_TEMPLATES", Fixtures.repoRoot.appendingPathComponent("Templates").path, 1)
        var options = try ManifestOptions.parse([])
        options.manifest = dir + "/assetsmith.yml"
        return WatchSession(options: options, threads: 1, printer: DiagnosticPrinter(quiet: true), strictness: strictness)
    }

    @Test func watchStrictShowsTheWarningAsAnErrorAndCountsItOnTheLine() throws {
        let plain = try watched(.standard)
        let line = plain.rebuild(changed: [])
        #expect(plain.lastDiagnostics.map(\.severity) == [.warning], "\(plain.lastDiagnostics)")
        #expect(!line.contains("error"), "a warning alone does not fail a rebuild: \(line)")
        let strict = try watched(.strict)
        let strictLine = strict.rebuild(changed: [])
        #expect(strict.lastDiagnostics.map(\.severity) == [.error], "\(strict.lastDiagnostics)")
        #expect(strictLine.hasPrefix("initial build: ") && strictLine.hasSuffix(" s; 1 error, 0 warnings"), "\(strictLine)")
    }
}
