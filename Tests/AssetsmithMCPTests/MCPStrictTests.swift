import AssetCore
import Foundation
import MCP
import Testing
import TestSupport

/// `strict` means in the server what `--strict` means in the CLI (issue 55): a warning is shown as
/// an error and the result does not pass, in `build` as in `verify`; without it the same warning
/// passes. And verify checks `appIcon` as the CLI checks `--app-icon` (one `VerifySession`).
@Suite struct MCPStrictTests {
    @Test func buildStrictTurnsTheWarningIntoAFailure() async throws {
        let project = try MCPTestProject("build-strict")
        try FileManager.default.copyItem(atPath: Fixtures.url("Artwork/display-p3.png").path, toPath: project.root + "/Art/p3.png")
        try (MCPTestProject.manifest + "  - {name: P3, kind: image, source: Art/p3.png, size: 20}\n")
            .write(toFile: project.root + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let handlers = try project.handlers()
        let plain = try await handlers.call("build", arguments: [:])
        let plainSeverities = plain.object["diagnostics"]?.arrayValue?.compactMap { $0.objectValue?["severity"] }
        #expect(!plain.failed && plain.object["passed"] == .bool(true), "\(plain.text)")
        #expect(plainSeverities == [.string("warning")], "\(plain.text)")
        let strict = try await handlers.call("build", arguments: ["strict": .bool(true)])
        let strictSeverities = strict.object["diagnostics"]?.arrayValue?.compactMap { $0.objectValue?["severity"] }
        #expect(strict.failed && strict.object["passed"] == .bool(false), "\(strict.text)")
        #expect(strictSeverities == [.string("error")], "\(strict.text)")
        #expect(strict.text.contains("1 error, 0 warnings"), "\(strict.text)")
    }

    @Test func verifyStrictTurnsTheUnassignedWarningIntoAFailure() async throws {
        let project = try MCPTestProject("verify-strict")
        let handlers = try project.handlers()
        _ = try await handlers.call("build", arguments: [:])
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: project.catalog + "/Dot.imageset/Old.png"))
        let arguments: [String: Value] = ["catalog": .string("Output/Assets.xcassets"), "rule": .string("unassigned")]
        let plain = try await handlers.call("verify", arguments: arguments)
        let plainFinding = plain.object["findings"]?.objectValue?["items"]?.arrayValue?.first?.objectValue
        #expect(plain.object["passed"] == .bool(true) && plainFinding?["severity"] == .string("warning"), "\(plain.text)")
        let strict = try await handlers.call("verify", arguments: arguments.merging(["strict": .bool(true)]) { $1 })
        let strictFinding = strict.object["findings"]?.objectValue?["items"]?.arrayValue?.first?.objectValue
        #expect(strict.object["passed"] == .bool(false) && strictFinding?["severity"] == .string("error"), "\(strict.text)")
    }

    @Test func verifyRefusesAnAppIconTheCatalogDoesNotHold() async throws {
        let project = try MCPTestProject("verify-app-icon")
        let handlers = try project.handlers()
        _ = try await handlers.call("build", arguments: [:])
        let wrong = try await handlers.call("verify", arguments: ["catalog": .string("Output/Assets.xcassets"), "appIcon": .string("AppIcon")])
        #expect(wrong.failed, "\(wrong.text)")
        #expect(wrong.text.hasPrefix("`appIcon` \"AppIcon\" is not an app icon of \"Output/Assets.xcassets\""), "\(wrong.text)")
        #expect(wrong.firstDiagnostic["fix"] == .string("the catalog has no app icon set; leave `appIcon` out"), "\(wrong.text)")
    }
}
