import ArgumentParser
import AssetCore
import AssetsmithMCP
import Foundation
import FrontEnd

/// `assetsmith mcp`: the tools plan, build, verify, preview, init and explain for a coding agent,
/// served over the Model Context Protocol on standard input and output (`AssetsmithMCP`). The
/// server moves to its root first, so messages show paths as the CLI does there.
struct McpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve plan, build, verify, preview, init and explain to a coding agent (Model Context Protocol, stdio).",
        discussion: "Every path a tool is given must lie inside --root (links resolved). See Docs/mcp.md.")

    @Option(name: .long, help: "The folder the tools may read and write (default: the current folder).")
    var root: String = "."

    @Flag(name: .customLong("read-only"), help: "Only plan, verify, preview and explain: nothing is written.")
    var readOnly = false

    func run() throws {
        let folder = PathText.absolute(root, relativeTo: FileManager.default.currentDirectoryPath)
        guard FileManager.default.changeCurrentDirectoryPath(folder) else {
            throw ValidationError("--root \"\(root)\" is not a folder this user can enter")
        }
        let settings = MCPSettings(root: folder, readOnly: readOnly,
                                   sandbox: { threads, timeout in WorkerLaunch.pool(capacity: threads, timeLimit: timeout) },
                                   initializer: { InitCommand.forMCP($0) })
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

extension InitCommand {
    /// The MCP `init` tool: `assetsmith init --project P [--catalog C] [--dry-run]` run in this
    /// process, what it prints kept as data (`PrinterCapture`).
    static func forMCP(_ request: InitRequest) -> InitOutcome {
        var arguments = ["--project", request.project]
        if let catalog = request.catalog { arguments += ["--catalog", catalog] }
        if !request.write { arguments.append("--dry-run") }
        let capture = PrinterCapture()
        DiagnosticPrinter.$capture.withValue(capture) {
            do {
                var command = try InitCommand.parse(arguments)
                try command.run()
            } catch is ExitCode {
                // Its problems are in the capture.
            } catch {
                capture.add([.error(InitCommand.message(for: error))])
            }
        }
        let manifest = capture.manifest
        return InitOutcome(manifest: manifest?.text, manifestPath: manifest?.path, written: manifest?.written ?? false,
                           diagnostics: capture.diagnostics, notes: capture.lines)
    }
}
