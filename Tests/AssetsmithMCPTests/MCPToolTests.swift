import AssetCore
import AssetsmithMCP
import Foundation
import FrontEnd
import MCP
import PNGCodec
import Testing
import TestSupport

/// The tools called in-process, as the server calls them (issue 39): the structured results an
/// agent reads, the files a build writes, the preview's PNG.
@Suite struct MCPToolTests {
    @Test func theSixToolsAreListedAndReadOnlyKeepsFour() throws {
        let project = try MCPTestProject("list")
        #expect(try project.handlers().tools.map(\.name) == ["plan", "build", "verify", "preview", "init", "explain"])
        #expect(try project.handlers(readOnly: true).tools.map(\.name) == ["plan", "verify", "preview", "explain"])
        let schema = try project.handlers().tools.first { $0.name == "build" }?.inputSchema.objectValue
        #expect(schema?["additionalProperties"] == .bool(false))
        #expect(schema?["properties"]?.objectValue?.keys.sorted()
            == ["adopt", "flavor", "force", "jobs", "limit", "manifest", "output", "renderTimeout", "strict", "variables"])
    }

    @Test func planGivesTheJobsAndEntriesOfTheManifest() async throws {
        let project = try MCPTestProject("plan")
        let result = try await project.handlers().call("plan", arguments: [:])
        #expect(!result.failed, "\(result.text)")
        #expect(result.object["jobs"] == .int(3))
        #expect(result.object["entries"] == .int(1))
        #expect(result.object["table"] == .string("ios18"))
        let jobs = result.object["plan"]?.objectValue?["jobs"]?.arrayValue ?? []
        #expect(jobs.compactMap { $0.objectValue?["output"]?.stringValue }.sorted()
            == ["Dot.imageset/Dot.png", "Dot.imageset/Dot@2x.png", "Dot.imageset/Dot@3x.png"])
        #expect(!FileManager.default.fileExists(atPath: project.root + "/Output"), "plan writes nothing")
    }

    @Test func manifestTextIsCheckedInMemoryWithItsErrorLocated() async throws {
        let project = try MCPTestProject("plan-text")
        let text = "table: ios18\nassets:\n  - name: Dot\n    kind: imag\n    source: Art/Dot.png\n"
        let result = try await project.handlers().call("plan", arguments: ["text": .string(text)])
        #expect(result.failed)
        let diagnostic = result.firstDiagnostic
        #expect(diagnostic["line"] == .int(4))
        #expect(diagnostic["column"] == .int(11))
        #expect(diagnostic["severity"] == .string("error"))
        #expect(diagnostic["fix"]?.stringValue?.hasPrefix("did you mean \"image\"?") == true, "\(diagnostic)")
        #expect(result.text.hasPrefix("the manifest is wrong: 1 error, 0 warnings"), "\(result.text)")
    }

    @Test func buildWritesTheCatalogAndReportsEveryRender() async throws {
        let project = try MCPTestProject("build")
        let progress = ProgressLog()
        let result = try await project.handlers().call("build", arguments: [:], progress: progress.report)
        #expect(!result.failed, "\(result.text)")
        #expect(result.object["rendered"] == .int(3))
        #expect(result.object["passed"] == .bool(true))
        let written = result.object["written"]?.arrayValue?.compactMap(\.stringValue) ?? []
        #expect(written.contains("Dot.imageset/Dot@3x.png"), "\(written)")
        let three = try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: project.catalog + "/Dot.imageset/Dot@3x.png")))
        #expect((three.width, three.height) == (60, 60))
        #expect(progress.all.first?.done == 0 && progress.all.last?.done == 3 && progress.all.last?.total == 3, "\(progress.all)")
        let again = try await project.handlers().call("build", arguments: [:])
        #expect(again.object["rendered"] == .int(0))
        #expect(again.object["upToDate"] == .int(3))
    }

    /// Issue 47/51: a build through the server leaves the stamp the CLI's `build` answers a no-op
    /// from (`BuildStamp.current`, its fast path), as a CLI build would; not when the call's own
    /// badge variables drew it (the stamp records the environment's).
    @Test func aServerBuildLeavesTheStampTheCLIsNoOpReads() async throws {
        let project = try MCPTestProject("stamp")
        let manifest = project.root + "/assetsmith.yml"
        var changed: String?
        #expect(BuildStamp.current(manifestPath: manifest, outputOverride: nil, preview: false, changed: &changed) == nil)
        _ = try await project.handlers().call("build", arguments: ["variables": .object(["UNUSED": .string("1")])])
        #expect(!FileManager.default.fileExists(atPath: project.root + "/.assetsmith/Assets.xcassets.stamp"))
        _ = try await project.handlers().call("build", arguments: [:])
        let stamp = try #require(BuildStamp.current(manifestPath: manifest, outputOverride: nil, preview: false, changed: &changed))
        #expect(stamp.jobs == 3)
        try Data([1]).write(to: URL(fileURLWithPath: project.catalog + "/Dot.imageset/Dot@2x.png"), options: .atomic)
        #expect(BuildStamp.current(manifestPath: manifest, outputOverride: nil, preview: false, changed: &changed) == nil,
                "an output replaced since: the CLI takes the full path")
    }

    @Test func verifyReportsAChangedOutputAsModified() async throws {
        let project = try MCPTestProject("verify")
        let handlers = try project.handlers()
        _ = try await handlers.call("build", arguments: [:])
        let clean = try await handlers.call("verify", arguments: [:])
        #expect(clean.object["passed"] == .bool(true), "\(clean.text)")
        let changed = Bitmap(width: 40, height: 40, filledWith: RGBAColor(red: 255, green: 0, blue: 0))
        try PNGCodec.encode(changed, channels: .rgb).write(to: URL(fileURLWithPath: project.catalog + "/Dot.imageset/Dot@2x.png"))
        let result = try await handlers.call("verify", arguments: [:])
        #expect(result.object["passed"] == .bool(false))
        let findings = result.object["findings"]?.objectValue?["items"]?.arrayValue?.compactMap(\.objectValue) ?? []
        let modified = findings.first { $0["rule"] == .string("modified") }
        #expect(modified?["severity"] == .string("error"), "\(findings)")
        #expect(modified?["file"] == .string("Output/Assets.xcassets/Dot.imageset/Dot@2x.png"), "\(findings)")
        #expect(modified?["fix"]?.stringValue?.isEmpty == false)
    }

    @Test func verifyChecksACatalogOnItsOwn() async throws {
        let project = try MCPTestProject("verify-catalog")
        let handlers = try project.handlers()
        _ = try await handlers.call("build", arguments: [:])
        try FileManager.default.removeItem(atPath: project.catalog + "/Dot.imageset/Dot.png")
        let result = try await handlers.call("verify", arguments: ["catalog": .string("Output/Assets.xcassets")])
        let findings = result.object["findings"]?.objectValue?["items"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(findings.map { $0["rule"] } == [.string("missing-file")], "\(result.text)")
        let notCatalog = try await handlers.call("verify", arguments: ["catalog": .string("Art")])
        #expect(notCatalog.failed && notCatalog.text.hasPrefix("\"Art\" is not an asset catalog (its name does not end in .xcassets)"), "\(notCatalog.text)")
    }

    /// Issue 53: the preview of one tab icon shows what it is for, its tab bars with the selected
    /// form, and `maxWidth` gives a smaller picture.
    @Test func previewOfATabIconShowsItsTabBarsAndMaxWidthShrinksIt() async throws {
        let project = try MCPTestProject("preview-tab")
        let glyph = Fixtures.repoRoot.appendingPathComponent("Assets/Glyphs/home.svg").path
        try FileManager.default.copyItem(atPath: glyph, toPath: project.root + "/Art/home.svg")
        try (MCPTestProject.manifest + "  - {name: Home, kind: tab-icon, source: Art/home.svg}\n")
            .write(toFile: project.root + "/assetsmith.yml", atomically: true, encoding: .utf8)
        let handlers = try project.handlers()
        let build = try await handlers.call("build", arguments: [:])
        #expect(!build.failed, "\(build.text)")
        let result = try await handlers.call("preview", arguments: ["asset": .string("Home")])
        let titles = result.object["pages"]?.arrayValue?.compactMap { $0.objectValue?["title"]?.stringValue } ?? []
        #expect(titles.contains("Tab bars"), "\(titles)")
        let small = try await handlers.call("preview", arguments: ["asset": .string("Home"), "maxWidth": .int(300)])
        let picture = try PNGCodec.decode(try #require(small.pngs.first))
        #expect(picture.width == 300 && small.object["width"] == .int(300), "\(small.text)")
        #expect(try #require(small.pngs.first).count < (try #require(result.pngs.first)).count)
        let tooSmall = try await handlers.call("preview", arguments: ["asset": .string("Home"), "maxWidth": .int(63)])
        #expect(tooSmall.failed, "\(tooSmall.text)")
    }

    @Test func previewReturnsThePNGItDescribes() async throws {
        let project = try MCPTestProject("preview")
        let handlers = try project.handlers()
        let early = try await handlers.call("preview", arguments: [:])
        #expect(early.failed && early.text.contains("call the build tool first"), "\(early.text)")
        _ = try await handlers.call("build", arguments: [:])
        let result = try await handlers.call("preview", arguments: ["asset": .string("Dot")])
        #expect(!result.failed, "\(result.text)")
        let png = try #require(result.pngs.first)
        let picture = try PNGCodec.decode(png)
        #expect(result.object["width"] == .int(picture.width))
        #expect(result.object["height"] == .int(picture.height))
        #expect(picture.width == 1400)
        let misspelt = try await handlers.call("preview", arguments: ["asset": .string("Dott")])
        #expect(misspelt.failed && misspelt.firstDiagnostic["fix"]?.stringValue?.hasPrefix("did you mean \"Dot\"?") == true,
                "\(misspelt.text)")
        let page = try await handlers.call("preview", arguments: ["page": .int(2)])
        #expect(page.failed && page.text == "`page` 2 is out of range: give 1 to 1", "\(page.text)")
    }

    @Test func explainGivesWhatWhyAndFixOfARule() async throws {
        let project = try MCPTestProject("explain")
        let result = try await project.handlers().call("explain", arguments: ["rule": .string("alpha-channel")])
        #expect(!result.failed)
        let cases = result.object["cases"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(cases.count == 1 && cases[0]["own"] == .string("error"), "\(cases)")
        #expect(cases.first?["why"]?.stringValue?.contains("ITMS-90717") == true)
        #expect(result.object["fix"]?.stringValue?.hasPrefix("export the App Store icon without an alpha channel") == true)
        let unknown = try await project.handlers().call("explain", arguments: ["rule": .string("pixel-sise")])
        #expect(unknown.failed && unknown.firstDiagnostic["fix"]?.stringValue?.hasPrefix("did you mean \"pixel-size\"?") == true,
                "\(unknown.text)")
    }

    /// `explain` answers from the rule's declaration: the same cases, severities and evidence as
    /// the rows of Docs/verify.md's rules table (which `RuleDocsTests` holds to the declarations),
    /// in the table's order, and the summary an agent reads says them in full.
    @Test func explainAnswersWhatTheRulesTableSays() async throws {
        let project = try MCPTestProject("explain-table")
        let page = try String(contentsOf: Fixtures.repoRoot.appendingPathComponent("Docs/verify.md"), encoding: .utf8)
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| `pixel-size` |") }.map { line in
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst(2).dropLast().map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(rows.count == 2)
        let result = try await project.handlers().call("explain", arguments: ["rule": .string(" Pixel-Size")])
        #expect(!result.failed, "\(result.text)")
        #expect(result.object["rule"] == .string("pixel-size"))
        #expect(result.object["documented"] == .bool(true))
        let cases = result.object["cases"]?.arrayValue?.compactMap(\.objectValue) ?? []
        let answered = cases.map { row in ["checks", "madeElsewhere", "own", "why"].map { row[$0]?.stringValue ?? "" } }
        #expect(answered == rows)
        let upscaled = try await project.handlers().call("explain", arguments: ["rule": .string("upscaled")])
        #expect(upscaled.text == """
            upscaled:
            - checks: a bitmap source smaller than an output made from it (manifest only)
              severity: – (catalog made elsewhere), error (Assetsmith's own)
              why: house rule: Assetsmith never upscales
            fix: give a larger source (at least the largest output's pixels), or a vector source (SVG or PDF)
            """)
    }

    /// An unknown rule id is an error result naming the closest rule and listing every rule; no id
    /// at all is an error too.
    @Test func explainRefusesAnUnknownRule() async throws {
        let project = try MCPTestProject("explain-unknown")
        let unknown = try await project.handlers().call("explain", arguments: ["rule": .string("transparancy")])
        #expect(unknown.failed)
        #expect(unknown.text.hasPrefix("\"transparancy\" is not a verify rule"), "\(unknown.text)")
        let fix = unknown.firstDiagnostic["fix"]?.stringValue ?? ""
        #expect(fix.hasPrefix("did you mean \"transparency\"? the rules are: missing-file, pixel-size, upscaled, "), "\(fix)")
        #expect(fix.hasSuffix(", lfs-pointer, script-phase"), "\(fix)")
        let none = try await project.handlers().call("explain", arguments: [:])
        #expect(none.failed && none.text.hasPrefix("`rule` is required"), "\(none.text)")
    }

    /// Badge texts read `variables` (an agent cannot set the server's environment); verify takes
    /// a variable set nowhere from the build record, and says so (issue 26's Alternates project).
    @Test func badgeVariablesComeFromTheCallOrTheBuildRecord() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-badge-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for item in ["assetsmith.yml", "Art"] {
            try FileManager.default.copyItem(atPath: Fixtures.url("Alternates/Project/" + item).path, toPath: root + "/" + item)
        }
        let handlers = try ToolHandlers(settings: MCPSettings(root: root))
        if ProcessInfo.processInfo.environment["MARKETING_VERSION"] == nil {
            let unset = try await handlers.call("build", arguments: [:])
            #expect(unset.failed && unset.text.contains("uses ${MARKETING_VERSION}, which is not set in the environment"), "\(unset.text)")
        }
        let build = try await handlers.call("build", arguments: ["variables": ["MARKETING_VERSION": "2.4.1"]])
        #expect(!build.failed, "\(build.text)")
        let verify = try await handlers.call("verify", arguments: [:])
        #expect(verify.object["passed"] == .bool(true), "\(verify.text)")
        #expect(verify.object["notes"] == .array([.string("${MARKETING_VERSION} is not set; the badges are checked against \"2.4.1\", "
            + "the value the last build drew (pass it in `variables` to check against another)")]))
        let other = try await handlers.call("verify", arguments: ["variables": ["MARKETING_VERSION": "9.9"]])
        #expect(other.object["passed"] == .bool(false), "\(other.text)")
    }
}
