import Foundation
import FrontEnd
import Testing
import TestSupport

/// The MCP server does not depend on the CLI (issue 55): neither the `AssetsmithMCP` target nor
/// the `assetsmith-mcp` executable lists `AssetsmithCLI` in Package.swift, and no file of theirs
/// imports it; what they share with the CLI (sessions, init, the worker loop) is FrontEnd's.
@Suite struct MCPDependencyTests {
    /// The text of the target named `name` in Package.swift (`.target` or `.executableTarget`, not
    /// the product of that name), from its `name:` to the next target.
    static func target(_ name: String, in manifest: String) -> Substring? {
        guard let start = manifest.range(of: "arget(name: \"\(name)\"") else { return nil }
        let rest = manifest[start.upperBound...]
        let end = rest.range(of: ".target(name:") ?? rest.range(of: ".executableTarget(name:") ?? rest.range(of: ".testTarget(name:")
        return rest[..<(end?.lowerBound ?? rest.endIndex)]
    }

    @Test func theServerTargetsListNoCLIModule() throws {
        let manifest = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        for name in ["AssetsmithMCP", "assetsmith-mcp"] {
            let declared = try #require(Self.target(name, in: manifest), "no target \(name) in Package.swift")
            #expect(declared.contains("\"FrontEnd\""), "\(name): the dependency list was read (\(declared))")
            #expect(!declared.contains("AssetsmithCLI"), "\(name) depends on the CLI module again: \(declared)")
        }
        // The check reads a list that holds the CLI where it is a dependency.
        #expect(Self.target("assetsmith", in: manifest)?.contains("\"AssetsmithCLI\"") == true)
    }

    @Test func noServerFileImportsTheCLI() throws {
        let sources = Fixtures.repoRoot.appendingPathComponent("Sources")
        var found: [String] = []
        for folder in ["AssetsmithMCP", "AssetsmithMCPServer"] {
            let path = sources.appendingPathComponent(folder).path
            let files = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
            #expect(!files.isEmpty, "\(folder) has Swift files")
            for file in files {
                let text = try String(contentsOfFile: path + "/" + file, encoding: .utf8)
                if text.split(separator: "\n").contains(where: { $0.hasPrefix("import AssetsmithCLI") || $0.hasPrefix("@testable import AssetsmithCLI") }) {
                    found.append(folder + "/" + file)
                }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// The server's `init` is FrontEnd's `InitSession` (what `assetsmith-mcp` hands in): its
    /// refusal and its manifest come back as data, and nothing is written without `write`.
    @Test func theServersInitIsFrontEndsInitSession() async throws {
        let project = try MCPTestProject("init-session")
        let handlers = try project.handlers(initializer: { InitSession.outcome($0) })
        _ = try await handlers.call("build", arguments: [:])
        let second = try await handlers.call("init", arguments: [:])
        #expect(second.failed && second.text.contains("already exists; init never overwrites a manifest"), "\(second.text)")
        try FileManager.default.removeItem(atPath: project.root + "/assetsmith.yml")
        let proposed = try await handlers.call("init", arguments: [:])
        #expect(!proposed.failed && proposed.object["written"] == .bool(false), "\(proposed.text)")
        #expect(proposed.object["manifest"]?.stringValue?.isEmpty == false, "\(proposed.text)")
        let notes = proposed.object["notes"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(notes.contains { $0.hasPrefix("chose ") && $0.contains("Output/Assets.xcassets") }, "\(notes)")
        #expect(!FileManager.default.fileExists(atPath: project.root + "/assetsmith.yml"), "not written without `write`")
    }
}
