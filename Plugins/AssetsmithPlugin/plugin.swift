import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory assetsmith [build|plan|watch …]`: runs
/// Assetsmith on the package's `assetsmith.yml`, from the package's folder.
@main
struct AssetsmithPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "assetsmith")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            Diagnostics.error("assetsmith \(arguments.joined(separator: " ")) exited with status \(process.terminationStatus)")
            throw AssetsmithPluginError(status: process.terminationStatus)
        }
    }
}

struct AssetsmithPluginError: Error, CustomStringConvertible {
    var status: Int32
    var description: String { "assetsmith failed with exit code \(status)" }
}
