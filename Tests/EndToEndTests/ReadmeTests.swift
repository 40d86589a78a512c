import Foundation
import Testing
import TestSupport

/// The README and the docs are true to the code (issues 35 and 37): every `assetsmith <command>`
/// they show is a command of the binary, and every `--option` they name is an option of one of
/// them (or, listed below with why, of another tool the docs show). The docs are README.md,
/// CONTRIBUTING.md and every page of Docs/ (not Docs/reference, which holds copies of notes).
@Suite struct ReadmeTests {
    /// Options of other tools the docs show: swift build and swift test, the package plugin,
    /// Homebrew, git, the fidelity and scale benchmark scripts (Benchmarks/fidelity.py, scale.py), and
    /// swift-argument-parser's own (hidden) completion option.
    static let otherTools: Set<String> = ["--allow-writing-to-package-directory", "--static-swift-stdlib", "--product",
                                          "--prefix", "--git-dir", "--sheet", "--outline-width", "--build-tests",
                                          "--skip-build", "--filter", "--parallel", "--generate-completion-script",
                                          "--transport", "--scope",  // claude mcp add (Docs/mcp.md)
                                          "--debug-info-format",  // swift build (Docs/performance.md)
                                          "--edits", "--work",  // the scale benchmark (Benchmarks/scale.py, Docs/performance.md)
                                          "--applies"]  // scripts/mutants.sh (CONTRIBUTING.md)

    /// The user's and the contributor's pages, by path from the repository root.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Fixtures.repoRoot.appendingPathComponent("Docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "Docs/" + $0 }
        return ["README.md", "CONTRIBUTING.md"] + docs
    }

    static func text(of page: String) throws -> String {
        try String(contentsOf: Fixtures.repoRoot.appendingPathComponent(page), encoding: .utf8)
    }

    /// Every page, one after another.
    static func readme() throws -> String {
        try pages().map(text(of:)).joined(separator: "\n")
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

    @Test func theDocsAreThePagesTheReadmeLinks() throws {
        let pages = try Self.pages()
        #expect(pages.contains("Docs/manifest.md") && pages.contains("Docs/verify.md"), "\(pages)")
        let readme = try Self.text(of: "README.md")
        for page in pages where page.hasPrefix("Docs/") {
            #expect(readme.contains("](\(page))"), "README.md does not link \(page)")
        }
    }

    @Test func everyCommandTheReadmeShowsExists() throws {
        let commands = try Self.commands()
        #expect(commands.contains("build") && commands.contains("init") && commands.contains("preview"), "\(commands)")
        let shown = try Self.matches(#"(`|^ *|\$ |run: )assetsmith ([a-z][a-z-]*)"#, in: Self.readme(), group: 2)
        #expect(!shown.isEmpty)
        let unknown = shown.subtracting(commands + ["help"])
        #expect(unknown.isEmpty, "the docs show commands the binary does not have: \(unknown.sorted())")
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
        #expect(unknown.isEmpty, "the docs name options no command has: \(unknown.sorted())")
        let stale = Self.otherTools.subtracting(named)
        #expect(stale.isEmpty, "listed as another tool's but no longer in the docs: \(stale.sorted())")
    }

    /// Every relative link of a page names a file that exists and, after `#`, a heading of it
    /// (GitHub's anchors: lower case, punctuation dropped, spaces to hyphens).
    @Test func everyLinkBetweenPagesResolves() throws {
        var broken: [String] = []
        for page in try Self.pages() {
            let folder = (page as NSString).deletingLastPathComponent
            for link in try Self.matches(#"\]\(([^)\s]+)\)"#, in: Self.text(of: page), group: 1) where !link.contains("://") {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? page : ((folder as NSString).appendingPathComponent(parts[0]) as NSString).standardizingPath
                guard FileManager.default.fileExists(atPath: Fixtures.repoRoot.appendingPathComponent(target).path) else {
                    broken.append("\(page): \(link) (no file)")
                    continue
                }
                if parts.count == 2, target.hasSuffix(".md"), try !Self.anchors(of: target).contains(parts[1]) {
                    broken.append("\(page): \(link) (no such heading)")
                }
            }
        }
        #expect(broken.isEmpty, "broken links: \(broken)")
    }

    /// The anchors GitHub gives a page's headings (outside code blocks).
    static func anchors(of page: String) throws -> Set<String> {
        var anchors: Set<String> = []
        var inCode = false
        for line in try text(of: page).split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle() }
            guard !inCode, line.hasPrefix("#"), let space = line.firstIndex(of: " ") else { continue }
            let title = line[line.index(after: space)...].lowercased()
            anchors.insert(String(title.filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" })
                .replacingOccurrences(of: " ", with: "-"))
        }
        return anchors
    }

    /// A user reads the README in two minutes: what, install, quick start, commands, links.
    @Test func theReadmeIsShort() throws {
        let lines = try Self.text(of: "README.md").split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines < 300, "README.md has \(lines) lines; move detail into Docs/")
    }
}
