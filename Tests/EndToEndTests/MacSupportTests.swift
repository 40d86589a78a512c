import Foundation
import Testing
import TestSupport

/// What can be checked here of how Assetsmith builds and installs on a Mac (issue 54): one supported
/// range, stated the same everywhere it is stated; the Homebrew formula installed from a tap (current
/// Homebrew refuses a formula file); the formula's `test` block runs, against the built binary, the
/// commands the README shows.
@Suite struct MacSupportTests {
    static let range = "Xcode 26.0 or later (Swift 6.2 or later) on macOS 15.6 or later"

    static func text(_ path: String) throws -> String {
        try String(contentsOf: Fixtures.repoRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// Comment lines lose their `#` or `//` and every run of spaces becomes one, so that a sentence
    /// wrapped over two comment lines reads as one.
    static func flattened(_ text: String) -> String {
        text.split(separator: "\n").map { line in
            line.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: #"^(#|//)\s*"#, with: "", options: .regularExpression)
        }.joined(separator: " ").replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
    }

    @Test func oneSupportedRangeIsStatedEverywhere() throws {
        for path in ["README.md", "Docs/integration.md", "Package.swift", "Formula/assetsmith.rb", "scripts/install-deps.sh",
                     ".github/workflows/macos.yml"] {
            #expect(Self.flattened(try Self.text(path)).contains(Self.range), "\(path) does not state: \(Self.range)")
        }
        #expect(try Self.text("Package.swift").hasPrefix("// swift-tools-version:6.2\n"))
        #expect(try Self.text("Package.swift").contains("platforms: [.macOS(.v13)]"))
        #expect(try Self.text("Formula/assetsmith.rb").contains(#"depends_on xcode: ["26.0", :build]"#))
        let workflow = try Self.text(".github/workflows/macos.yml")
        #expect(workflow.contains("runner: macos-15\n            xcode: \"26.0\""))
        #expect(!workflow.contains("\"16."), "the workflow still names an Xcode 16")
    }

    @Test func homebrewInstallsFromTheTapNeverFromAFile() throws {
        let formula = try Self.text("Formula/assetsmith.rb")
        #expect(formula.contains(#"head "https://github.com/assetsmith/assetsmith.git", branch: "main""#))
        #expect(!formula.contains("sha256 \"0000"), "a placeholder checksum")
        for path in ["README.md", "Docs/integration.md"] {
            let page = try Self.text(path)
            #expect(page.contains("brew tap assetsmith/tap https://github.com/assetsmith/assetsmith"), "\(path)")
            #expect(page.contains("brew trust assetsmith/tap"), "\(path)")
            #expect(page.contains("brew install --HEAD assetsmith/tap/assetsmith"), "\(path)")
        }
        for path in try ReadmeTests.pages() {
            #expect(try Self.text(path).range(of: #"brew install[^\n`]*\./Formula"#, options: .regularExpression) == nil,
                    "\(path) shows an install from a formula file, which Homebrew refuses")
        }
    }

    /// The formula's `test do … end` block.
    static func formulaTest() throws -> String {
        let formula = try text("Formula/assetsmith.rb")
        let start = try #require(formula.range(of: "  test do\n"))
        let end = try #require(formula.range(of: "\n  end\n", range: start.upperBound..<formula.endIndex))
        return String(formula[start.upperBound..<end.lowerBound])
    }

    @Test func theFormulaTestRunsTheReadmeCommandsAndTheyPass() throws {
        let block = try Self.formulaTest()
        let dir = CLI.temporaryDirectory("formula-test")
        // The manifest (a squiggly heredoc) and the SVG (adjacent single-quoted strings).
        let yaml = try #require(block.range(of: #"(?s)<<~YAML\n(.*?)\n\s*YAML"#, options: .regularExpression))
        let manifest = String(block[yaml]).split(separator: "\n").dropFirst().dropLast()
            .map { $0.hasPrefix("      ") ? String($0.dropFirst(6)) : String($0) }.joined(separator: "\n")
        try (manifest + "\n").write(toFile: dir + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let svgLine = try #require(block.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains(#"(testpath/"AppIcon.svg").write"#) })
        let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
        let svgText = String(lines[svgLine] + lines[svgLine + 1]).components(separatedBy: "'").enumerated()
            .filter { $0.offset % 2 == 1 }.map(\.element).joined()
        try svgText.write(toFile: dir + "/AppIcon.svg", atomically: true, encoding: .utf8)

        let commands = try ReadmeTests.matches(#"^\s*system bin/"assetsmith", (.*)$"#, in: block, group: 1).sorted()
        #expect(commands == [#""build""#, #""verify""#])
        let readme = try Self.text("README.md")
        for command in commands {
            let arguments = command.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " \"")) }
            #expect(readme.contains("    assetsmith " + arguments.joined(separator: " ")), "the README shows no `assetsmith \(command)`")
            let result = try CLI.run(arguments, in: dir)
            #expect(result.status == 0, "assetsmith \(arguments): \(result.stderr)")
        }
        for path in try ReadmeTests.matches(#"assert_path_exists testpath/"([^"]+)""#, in: block, group: 1) {
            #expect(FileManager.default.fileExists(atPath: dir + "/" + path), "\(path)")
        }
    }
}
