import Foundation
import Testing
import TestSupport

/// What lands on the terminal: colour only on a terminal and never with NO_COLOR or --no-color,
/// no progress or colour when piped (CI logs), and nothing but problems with --quiet.
@Suite struct TerminalTests {
    static let broken = "assets:\n  - {name: Icon, kind: app-icon, sorce: icon.svg}\n"

    static func project(_ manifest: String) throws -> String {
        let dir = CLI.temporaryDirectory("terminal")
        try CLI.copyFromRepo("Assets/AppIcon.svg", to: dir, as: "icon.svg")
        try manifest.write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func pipedOutputHasNoColourAndNoProgress() throws {
        let dir = try Self.project(Self.broken)
        let result = try CLI.run(["build"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.contains("assetsmith.yml:2:34: error: unknown key \"sorce\""), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"))
        #expect(!result.stderr.contains("\r"))
    }

    @Test func quietPrintsNoSummary() throws {
        let dir = try Self.project("assets:\n  - {name: Icon, kind: app-icon, source: icon.svg}\n")
        let quiet = try CLI.run(["build", "--quiet"], in: dir)
        #expect(quiet.status == 0)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        let plan = try CLI.run(["plan", "--quiet"], in: dir)
        #expect(plan.status == 0)
        #expect(plan.stderr.isEmpty, "\(plan.stderr)")
        #expect(plan.stdout.contains("\"table\" : \"ios18\""))
    }

    #if os(Linux)
    /// Runs the binary on a pseudo-terminal through util-linux `script`.
    static func onTerminal(_ command: String, in dir: String, environment: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        var env = ProcessInfo.processInfo.environment
        env["ASSETSMITH_TEMPLATES"] = Fixtures.repoRoot.appendingPathComponent("Templates").path
        env["NO_COLOR"] = nil
        env["CI"] = nil
        env.merge(environment) { $1 }
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func colourOnATerminalUnlessNoColor() throws {
        let dir = try Self.project(Self.broken)
        let coloured = try Self.onTerminal("'\(CLI.binary)' build", in: dir)
        #expect(coloured.contains("\u{1B}[1;31merror:"), "\(coloured)")
        #expect(coloured.contains("  - {name: Icon, kind: app-icon, sorce: icon.svg}"), "the manifest line is shown")
        let noColor = try Self.onTerminal("'\(CLI.binary)' build", in: dir, environment: ["NO_COLOR": "1"])
        #expect(!noColor.contains("\u{1B}["), "\(noColor)")
        #expect(noColor.contains("error: unknown key \"sorce\""))
        let flag = try Self.onTerminal("'\(CLI.binary)' build --no-color", in: dir)
        #expect(!flag.contains("\u{1B}["), "\(flag)")
    }
    #endif
}
