import ArgumentParser
import AssetCore
import AssetsmithMCP
import Foundation
import FrontEnd

/// The server: moves to its root first (so messages show paths as the CLI does there), then
/// serves `AssetsmithMCP`'s tools on standard input and output until the client closes them.
/// Exit codes: 0 when the client closes the connection, 1 when the server fails, 2 for a bad
/// option or root.
struct McpServerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetsmith-mcp",
        abstract: "The MCP server `assetsmith mcp` runs (Model Context Protocol, stdio).")

    @OptionGroup var options: ServerOptions

    func run() throws {
        let folder = PathText.absolute(options.root, relativeTo: FileManager.default.currentDirectoryPath)
        guard FileManager.default.changeCurrentDirectoryPath(folder) else {
            throw ValidationError("--root \"\(options.root)\" is not a folder this user can enter")
        }
        let settings = MCPSettings(root: folder, readOnly: options.readOnly,
                                   sandbox: { threads, timeout in WorkerLaunch.pool(capacity: threads, timeLimit: timeout) },
                                   initializer: { InitSession.outcome($0) })
        let handlers: ToolHandlers
        do {
            handlers = try ToolHandlers(settings: settings)
        } catch {
            throw ValidationError(error.message)
        }
        let done = DispatchSemaphore(value: 0)
        let failure = FailureBox()
        Task.detached {
            do { try await AssetsmithServer.serveStandardIO(handlers, version: AssetCoreInfo.toolVersion) } catch { failure.error = error }
            done.signal()
        }
        done.wait()
        if let error = failure.error {
            FileHandle.standardError.write(Data("error: the MCP server stopped: \(error)\n".utf8))
            throw ExitCode(1)
        }
    }

    /// The server task's error, handed to the waiting command.
    private final class FailureBox: @unchecked Sendable {
        var error: (any Error)?
    }
}

/// The options `assetsmith mcp` passes on (the CLI's `McpOptions` declares the same two).
struct ServerOptions: ParsableArguments {
    @Option(name: .long, help: "The folder the tools may read and write (default: the current folder).")
    var root: String = "."

    @Flag(name: .customLong("read-only"), help: "Only plan, verify, preview and explain: nothing is written.")
    var readOnly = false
}
