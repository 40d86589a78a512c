import AssetsmithMCP
import Foundation
import MCP
import Testing

/// The server as a client sees it, over the SDK's in-memory transport (the stdio one is driven
/// by scripts/check-mcp.sh): the handlers are registered, progress arrives before the result.
@Suite struct MCPServerTests {
    @Test func aClientListsTheToolsAndGetsTheBuildsProgressBeforeItsResult() async throws {
        let project = try MCPTestProject("server")
        let server = await AssetsmithServer.make(try project.handlers(), version: "test")
        let (clientSide, serverSide) = await InMemoryTransport.createConnectedPair()
        try await server.start(transport: serverSide)
        let client = Client(name: "tests", version: "1")
        let progress = ProgressLog()
        await client.onNotification(ProgressNotification.self) { message in
            progress.report(message.params.progress, message.params.total, message.params.message)
        }
        try await client.connect(transport: clientSide)
        let (tools, _) = try await client.listTools()
        #expect(tools.map(\.name) == ["plan", "build", "verify", "preview", "init", "explain"])
        let (content, isError) = try await client.callTool(name: "build", arguments: [:], meta: Metadata(progressToken: .string("b1")))
        #expect(isError == false, "\(content)")
        #expect(progress.all.map(\.done) == [0, 1, 2, 3], "\(progress.all)")
        let (resources, _) = try await client.listResources()
        #expect(resources.contains { $0.uri == "assetsmith://schema/manifest" })
        let schema = try await client.readResource(uri: "assetsmith://schema/manifest")
        #expect(schema.count == 1)
        await client.disconnect()
        await server.stop()
    }
}
