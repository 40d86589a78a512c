import Foundation
import Testing
import TestSupport

/// The README is true to the code (issue 35): every `assetsmith <command>` it shows is a command of
/// the binary, and every `--option` it names is an option of one of them (or, listed below with
/// why, of another tool the README shows).
@Suite struct ReadmeTests {
    /// Options of other tools the README shows: swift build, the package plugin, Homebrew, git,
    /// and the fidelity benchmark script (Benchmarks/fidelity.py).
    static let otherTools: Set<String> = ["--allow-writing-to-package-directory", "--static-swift-stdlib", "--product",
                                          "--prefix", "--git-dir", "--sheet", "--outline-width"]

    static func readme() throws -> String {
        try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    static func matches(_ pattern: String, in text: String, group: Int = 0) throws -> Set<String> {
        let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        let range = NSRange(text.startIndex..., in: text)
        return Set(regex.matches(in: text, range: range).compactMap { Range($0.range(at: group), in: text).map { String(text[$0]) } })
    }

    /// The subcommands `assetsmith --help` lists.
    static func commands() throws -> [String] {
        let help = try CLI.run(["--help"], in: FileManager.default.currentDirectoryPath)
        let listing = help.stdout.components(separatedBy: "SUBCOMMANDS:").last ?? ""
        return try matches(#"^  ([a-z]+)"#, in: listing, group: 1).sorted()
    }

    @Test func everyCommandTheReadmeShowsExists() throws {
        let commands = try Self.commands()
        #expect(commands.contains("build") && commands.contains("init") && commands.contains("preview"), "\(commands)")
        let shown = try Self.matches(#"(`|^ *|\$ |run: )assetsmith ([a-z][a-z-]*)"#, in: Self.readme(), group: 2)
        #expect(!shown.isEmpty)
        let unknown = shown.subtracting(commands + ["help"])
        #expect(unknown.isEmpty, "the README shows commands the binary does not have: \(unknown.sorted())")
    }

    @Test func everyOptionTheReadmeNamesExists() throws {
        var options: Set<String> = []
        for command in try Self.commands() {
            let help = try CLI.run([command, "--help"], in: FileManager.default.currentDirectoryPath)
            options.formUnion(try Self.matches(#"--[a-z][a-z0-9-]*"#, in: help.stdout))
        }
        #expect(options.contains("--preview-folder") && options.contains("--project"), "\(options.sorted())")
        let named = try Self.matches(#"--[a-z][a-z0-9-]*"#, in: Self.readme())
        let unknown = named.subtracting(options).subtracting(Self.otherTools)
        #expect(unknown.isEmpty, "the README names options no command has: \(unknown.sorted())")
        let stale = Self.otherTools.subtracting(named)
        #expect(stale.isEmpty, "listed as another tool's but no longer in the README: \(stale.sorted())")
    }
}
