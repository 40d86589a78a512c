import Foundation
import Testing
import TestSupport

/// The man page `make install` installs (`Docs/man/assetsmith.1`, made by swift-argument-parser's
/// generate-manual plugin through scripts/generate-manual.sh) is current (issue 37): every command
/// and every option the binary shows, with its help text, is in it in the binary's order, and it
/// names no option the binary lacks. The binary's own description of itself, `--experimental-dump-help` (the input of
/// generate-manual), is the reference.
@Suite struct ManualPageTests {
    /// The parts of swift-argument-parser's tool description the page is made from.
    struct Command: Decodable {
        var commandName: String
        var abstract: String?
        var shouldDisplay: Bool?
        var subcommands: [Command]?
        var arguments: [Argument]?
    }

    struct Argument: Decodable {
        struct Name: Decodable {
            var kind: String
            var name: String
        }

        var names: [Name]?
        var abstract: String?
        var shouldDisplay: Bool?
    }

    struct ToolInfo: Decodable {
        var command: Command
    }

    static func page() throws -> String {
        try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("Docs/man/assetsmith.1"), encoding: .utf8)
    }

    static func toolInfo() throws -> Command {
        let dump = try CLI.run(["--experimental-dump-help"], in: FileManager.default.currentDirectoryPath)
        #expect(dump.status == 0, "\(dump.stderr)")
        return try JSONDecoder().decode(ToolInfo.self, from: Data(dump.stdout.utf8)).command
    }

    /// Text as generate-manual writes it on a text line: ASCII only, a backslash as `\e`.
    static func asWritten(_ text: String) -> String {
        String(text.unicodeScalars.filter(\.isASCII).map(Character.init)).replacingOccurrences(of: "\\", with: "\\e")
    }

    /// What the page must hold: each shown command's name and help, each shown option's names (as
    /// generate-manual lists them: `.It Fl h , -help`) and help. Hidden commands (the worker) and options are left out, as generate-manual does.
    static func expectations(_ command: Command, root: Bool = true) -> [String] {
        guard command.shouldDisplay ?? true else { return [] }
        var expected = root ? [] : [".It Em \(command.commandName)"]
        if let abstract = command.abstract, !abstract.isEmpty { expected.append(asWritten(abstract)) }
        for argument in command.arguments ?? [] where argument.shouldDisplay ?? true {
            if let names = argument.names, !names.isEmpty {
                expected.append(".It Fl " + names.map { $0.kind == "short" ? $0.name : "-" + $0.name }.joined(separator: " , "))
            }
            if let abstract = argument.abstract, !abstract.isEmpty { expected.append(asWritten(abstract)) }
        }
        return expected + (command.subcommands ?? []).flatMap { expectations($0, root: false) }
    }

    static func longOptions(_ command: Command) -> Set<String> {
        var names = Set((command.arguments ?? []).flatMap { ($0.names ?? []).filter { $0.kind == "long" }.map(\.name) })
        for subcommand in command.subcommands ?? [] { names.formUnion(longOptions(subcommand)) }
        return names
    }

    @Test func thePageHoldsEveryCommandAndOptionWithItsHelp() throws {
        let page = try Self.page()
        let tool = try Self.toolInfo()
        let expected = Self.expectations(tool)
        #expect(expected.contains(".It Em verify") && expected.contains(".It Fl -strict"), "\(expected.prefix(20))")
        // In the binary's order, so an option missing under one command is not found under another.
        var rest = Substring(page)
        var missing: [String] = []
        for text in expected {
            if let found = rest.range(of: text) { rest = rest[found.upperBound...] } else { missing.append(text) }
        }
        #expect(missing.isEmpty, "Docs/man/assetsmith.1 is out of date (run scripts/generate-manual.sh); it lacks: \(missing)")
    }

    @Test func thePageNamesNoOptionTheBinaryLacks() throws {
        let page = try Self.page()
        let known = Self.longOptions(try Self.toolInfo())
        let regex = try NSRegularExpression(pattern: #"Fl -([a-z][a-z0-9-]*)"#)
        let named = regex.matches(in: page, range: NSRange(page.startIndex..., in: page))
            .compactMap { Range($0.range(at: 1), in: page).map { String(page[$0]) } }
        let stale = Set(named).subtracting(known)
        #expect(!named.isEmpty)
        #expect(stale.isEmpty, "Docs/man/assetsmith.1 names options the binary no longer has (run scripts/generate-manual.sh): \(stale.sorted())")
    }
}
