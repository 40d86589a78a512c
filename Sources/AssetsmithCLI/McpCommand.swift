import ArgumentParser
import AssetCore
import Foundation
import FrontEnd

/// `assetsmith mcp`: the tools plan, build, verify, preview, init and explain for a coding agent,
/// served over the Model Context Protocol on standard input and output. The server is the binary
/// `assetsmith-mcp` beside this one (`McpServerCommand`), which this command becomes (`execv`), so
/// the agent talks to it directly and this binary stays without the MCP SDK.
struct McpCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Serve plan, build, verify, preview, init and explain to a coding agent (Model Context Protocol, stdio).",
        discussion: "Every path a tool is given must lie inside --root (links resolved). See Docs/mcp.md.")

    @OptionGroup var options: McpOptions

    /// The server binary's name, beside `assetsmith`.
    static let serverName = "assetsmith-mcp"

    func run() throws {
        var isFolder: ObjCBool = false
        let folder = PathText.absolute(options.root, relativeTo: FileManager.default.currentDirectoryPath)
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("--root \"\(options.root)\" is not a folder this user can enter")
        }
        let server = PathText.parent(WorkerLaunch.executable) + "/" + Self.serverName
        guard FileManager.default.isExecutableFile(atPath: server) else {
            throw ValidationError("the MCP server \"\(server)\" is not installed beside assetsmith; "
                + "build it with `swift build --product \(Self.serverName)` or install with `make install`")
        }
        let arguments = [server, "--root", options.root] + (options.readOnly ? ["--read-only"] : [])
        var pointers = arguments.map { strdup($0) } + [nil]
        defer { for pointer in pointers { free(pointer) } }
        execv(server, &pointers)
        throw ValidationError("cannot start the MCP server \"\(server)\": \(String(cString: strerror(errno)))")
    }
}

/// The options `assetsmith mcp` passes on to `assetsmith-mcp` (`McpServerCommand`, which declares
/// the same two: the server does not link this module).
struct McpOptions: ParsableArguments {
    @Option(name: .long, help: "The folder the tools may read and write (default: the current folder).")
    var root: String = "."

    @Flag(name: .customLong("read-only"), help: "Only plan, verify, preview and explain: nothing is written.")
    var readOnly = false
}
