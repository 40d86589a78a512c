import AssetCore
import AssetsmithMCP
import Foundation
import MCP
import PNGCodec
import Testing

/// Issue 51: every tool result is bounded, whatever the catalog's size: counts first, the first
/// `limit` items of each list with a cursor for the rest, filters, and one asset in full on request.
@Suite struct MCPResultBoundTests {
    /// The bound Docs/mcp.md states (`ResultPage.maximumBytes`, 32 KB of structured JSON).
    static let bound = 32 << 10

    /// The test project with `count` image assets (`Dot0`…), each 20 pt from the one 60 px PNG.
    static func project(_ label: String, assets count: Int) throws -> MCPTestProject {
        let project = try MCPTestProject(label)
        var text = "table: ios18\noutput: Output\ncatalog: Assets\nassets:\n"
        for index in 0..<count { text += "  - {name: Dot\(index), kind: image, source: Art/Dot.png, size: 20}\n" }
        try text.write(toFile: project.root + "/assetsmith.yml", atomically: true, encoding: .utf8)
        return project
    }

    static func size(_ result: CallTool.Result) throws -> (structured: Int, text: Int) {
        let encoder = JSONEncoder()
        return (try encoder.encode(result.structuredContent).count, result.text.utf8.count)
    }

    @Test func planOfAThousandAssetsIsPagedAndOneAssetComesInFull() async throws {
        let project = try Self.project("bound-plan", assets: 1000)
        let handlers = try project.handlers()
        let first = try await handlers.call("plan", arguments: [:])
        let (structured, text) = try Self.size(first)
        #expect(structured <= Self.bound && text <= Self.bound, "\(structured) and \(text) bytes")
        #expect(first.object["jobs"] == .int(3000))
        let jobs = try #require(first.object["jobList"]?.objectValue)
        #expect(jobs["total"] == .int(3000) && jobs["items"]?.arrayValue?.count == 20 && jobs["nextCursor"] == .string("20"))
        #expect(first.object["plan"] == nil, "the whole plan is too large to return")
        // The last page: 2,980 + 20, and no cursor after it.
        let last = try await handlers.call("plan", arguments: ["cursor": .string("2980")])
        let lastJobs = try #require(last.object["jobList"]?.objectValue)
        #expect(lastJobs["items"]?.arrayValue?.count == 20 && lastJobs["nextCursor"] == nil, "\(lastJobs)")
        let one = try await handlers.call("plan", arguments: ["asset": .string("Dot999")])
        let detail = try #require(one.object["plan"]?.objectValue?["jobs"]?.arrayValue)
        #expect(detail.count == 3, "\(one.text)")
        let wrong = try await handlers.call("plan", arguments: ["asset": .string("Dot1000")])
        #expect(wrong.failed && wrong.text.contains("did you mean"), "\(wrong.text)")
        let bad = try await handlers.call("plan", arguments: ["cursor": .string("x")])
        #expect(bad.failed && bad.text.contains("is not a cursor this server gave"), "\(bad.text)")
    }

    @Test func buildAndVerifyOfAThousandAssetsStayWithinTheBound() async throws {
        let project = try Self.project("bound-build", assets: 1000)
        let handlers = try project.handlers()
        let build = try await handlers.call("build", arguments: [:])
        #expect(!build.failed, "\(build.text.prefix(2000))")
        #expect(build.object["writtenCount"] == .int(4001), "3,000 images, 1,000 sets' Contents.json and the catalog's own")
        #expect(build.object["written"]?.arrayValue?.count == 20)
        var (structured, text) = try Self.size(build)
        #expect(structured <= Self.bound && text <= Self.bound, "build: \(structured) and \(text) bytes")
        // Every @2x of the catalog damaged: 1,000 findings, 20 shown, filters narrow them.
        for index in 0..<1000 {
            try Data([1]).write(to: URL(fileURLWithPath: project.catalog + "/Dot\(index).imageset/Dot\(index)@2x.png"))
        }
        let verify = try await handlers.call("verify", arguments: [:])
        (structured, text) = try Self.size(verify)
        #expect(structured <= Self.bound && text <= Self.bound, "verify: \(structured) and \(text) bytes")
        let findings = try #require(verify.object["findings"]?.objectValue)
        #expect(findings["items"]?.arrayValue?.count == 20)
        #expect((findings["total"]?.intValue ?? 0) >= 1000, "\(findings["total"] ?? .null)")
        let one = try await handlers.call("verify", arguments: ["asset": .string("Dot7"), "rule": .string("modified")])
        let items = one.object["findings"]?.objectValue?["items"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(items.count == 1 && items.first?["file"] == .string("Output/Assets.xcassets/Dot7.imageset/Dot7@2x.png"), "\(one.text)")
        let wrongRule = try await handlers.call("verify", arguments: ["rule": .string("modifed")])
        #expect(wrongRule.failed && wrongRule.text.contains("did you mean \"modified\""), "\(wrongRule.text)")
    }
}
