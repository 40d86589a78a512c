/// `assetsmith-mcp`: the MCP server as a binary of its own, which `assetsmith mcp` becomes. Apart
/// so that the `assetsmith` every build, watch and worker process starts does not carry the MCP
/// SDK and FoundationNetworking (with libcurl and its TLS libraries): 4 ms and 4 MB a process.
import ArgumentParser
import Foundation
import FrontEnd

let arguments = Array(CommandLine.arguments.dropFirst())
// A build through the server starts its SVG/PDF workers from this binary.
WorkerLaunch.serveIfStartedByPool(arguments)
do {
    var command = try McpServerCommand.parse(arguments)
    try command.run()
} catch let code as ExitCode {
    exit(code.rawValue)
} catch {
    // As `assetsmith` reports them: a bad option or root is a command-line error (exit 2).
    if McpServerCommand.exitCode(for: error) == .success { McpServerCommand.exit(withError: error) }
    FileHandle.standardError.write(Data("error: \(McpServerCommand.message(for: error))\n".utf8))
    exit(2)
}
