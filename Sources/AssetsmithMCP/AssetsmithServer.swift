import Foundation
import MCP

/// The MCP server: tools and resources registered on the SDK's `Server`, served over a transport
/// (standard input and output for `assetsmith mcp`).
package enum AssetsmithServer {
    package static let name = "assetsmith"

    /// A server with every handler registered, not yet started.
    package static func make(_ handlers: ToolHandlers, version: String) async -> Server {
        let server = Server(name: name, version: version,
                            instructions: "Assetsmith renders an iOS asset catalog from assetsmith.yml and verifies catalogs and Xcode projects. "
                                + "Use plan to check a manifest, build to render it, verify for findings, preview to see the result, "
                                + "explain for a rule. Paths are relative to \(handlers.context.jail.root).",
                            capabilities: .init(resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: handlers.tools) }
        await server.withMethodHandler(CallTool.self) { [weak server] params in
            let progress = params._meta?.progressToken.flatMap { token in server.map { ProgressSender(server: $0, token: token) } }
            defer { progress?.finish() }
            let result = try await handlers.call(params.name, arguments: params.arguments, progress: progress?.report)
            await progress?.drain()
            return result
        }
        let root = handlers.context.jail.root
        await server.withMethodHandler(ListResources.self) { _ in
            .init(resources: ResourceCatalog.entries(root: root).map(\.resource), nextCursor: nil)
        }
        await server.withMethodHandler(ReadResource.self) { params in try ResourceCatalog.read(params.uri, root: root) }
        return server
    }

    /// Serves over standard input and output until the client closes them.
    package static func serveStandardIO(_ handlers: ToolHandlers, version: String) async throws {
        let server = await make(handlers, version: version)
        try await server.start(transport: CheckingTransport(StdioTransport()))
        await server.waitUntilCompleted()
    }
}

/// Progress notifications in the order they were reported: the engine reports from its threads,
/// one task sends them one at a time.
final class ProgressSender: Sendable {
    private let continuation: AsyncStream<ProgressNotification.Parameters>.Continuation
    private let sender: Task<Void, Never>
    private let token: ProgressToken

    init(server: Server, token: ProgressToken) {
        let (stream, continuation) = AsyncStream<ProgressNotification.Parameters>.makeStream()
        self.continuation = continuation
        self.token = token
        sender = Task {
            for await parameters in stream {
                try? await server.notify(ProgressNotification.message(parameters))
            }
        }
    }

    var report: ProgressReport {
        { [continuation, token] done, total, message in
            continuation.yield(.init(progressToken: token, progress: done, total: total, message: message))
        }
    }

    func finish() { continuation.finish() }

    /// Waits until every notification reported so far is sent (before the call's result).
    func drain() async {
        continuation.finish()
        await sender.value
    }
}
