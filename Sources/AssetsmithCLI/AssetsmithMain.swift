/// AssetsmithCLI: the subcommands (`build`, `plan`, …) over FrontEnd's sessions, and the
/// diagnostic printer; a build's steps
/// are FrontEnd's (`BuildSession`), the work the libraries'. The one library module that prints and
/// exits (the executables print too: `assetsmith-mcp` to standard error, the fuzzers their report).
/// It reads the environment for what a terminal, CI or Xcode gives (`NO_COLOR`, `CI`,
/// `ASSETSMITH_TIMINGS`, a Run Script phase's variables, badge texts' `${NAME}`); what every front
/// end shares is read in FrontEnd (budgets, templates), and two libraries read the folders they
/// own (`StateTrust`'s cache, `ScratchSpace`; CONTRIBUTING.md, Layout).
import ArgumentParser
import AssetCore
import Foundation
import FrontEnd

/// Entry point called by `main.swift`. Maps every outcome to the documented exit codes:
/// 0 fine, 1 assets fail verification or a render was refused, 2 the manifest or command line is wrong.
package enum AssetsmithMain {
    package static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        WorkerLaunch.serveIfStartedByPool(arguments)
        do {
            var command = try AssetsmithCommand.parseAsRoot(arguments.isEmpty ? ["build"] : arguments)
            try command.run()
        } catch let code as ExitCode {
            exit(code.rawValue)
        } catch {
            let exitCode = AssetsmithCommand.exitCode(for: error)
            if exitCode == .success {
                print(AssetsmithCommand.fullMessage(for: error))
                exit(0)
            }
            FileHandle.standardError.write(Data(("error: " + AssetsmithCommand.message(for: error) + "\n"
                + "  fix: see `assetsmith help` for the commands and options\n").utf8))
            exit(2)
        }
    }
}

/// `assetsmith`: the root command.
struct AssetsmithCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assetsmith",
        abstract: "Renders an iOS asset catalog from a manifest, with Apple's size and design rules enforced.",
        discussion: """
        Exit codes: 0 fine; 1 assets fail verification or a render was refused; \
        2 the manifest or the command line is wrong.
        """,
        version: AssetCoreInfo.toolVersion,
        subcommands: [BuildCommand.self, XcodeCommand.self, InitCommand.self, PlanCommand.self, VerifyCommand.self, WatchCommand.self, PreviewCommand.self, McpCommand.self,
                      WorkerCommand.self],
        defaultSubcommand: BuildCommand.self)
}

/// Options every manifest-reading command shares.
struct ManifestOptions: ParsableArguments {
    @Option(name: .long, help: "The manifest file.")
    var manifest: String = "assetsmith.yml"

    @Option(name: .long, help: "Output folder (overrides the manifest's `output`); the catalog goes inside it.")
    var output: String?

    @Option(name: .long, help: "Build (or check) the base and this one flavour of the manifest's `flavors:` only; the other flavours' sets stay as they are.")
    var flavor: String?

    /// The manifest's absolute path.
    var manifestPath: String { PathText.absolute(manifest, relativeTo: FileManager.default.currentDirectoryPath) }
}

/// Options of the commands that render (`build`, `watch`).
struct RenderOptions: ParsableArguments {
    @Option(name: .long, help: "Render jobs in parallel on this many threads (default: all cores).")
    var jobs: Int?

    @Option(name: .long, help: "Stop drawing one SVG or PDF after this many seconds; that asset fails, the rest is built.")
    var renderTimeout: Double = 30

    @Option(name: .long, help: "Memory each SVG/PDF renderer process may use, in MiB; a file that needs more fails (default 1024).")
    var workerMemory: Int = 1024

    /// Ranges that keep every later computation in bounds (a huge --jobs would start that many
    /// workers; a huge timeout overflows the clock's nanoseconds).
    static let jobsRange = 1...256
    static let renderTimeoutRange = 0.0...3600.0

    func validate() throws {
        if let jobs, !Self.jobsRange.contains(jobs) {
            throw ValidationError("--jobs \(jobs) is out of range: give \(Self.jobsRange.lowerBound) to \(Self.jobsRange.upperBound)")
        }
        if !(renderTimeout > 0) { throw ValidationError("--render-timeout must be a positive number of seconds") }
        if !(64...(1 << 20)).contains(workerMemory) { throw ValidationError("--worker-memory must be 64 to 1048576 MiB") }
        if !Self.renderTimeoutRange.contains(renderTimeout) {
            throw ValidationError("--render-timeout \(renderTimeout) is out of range: give more than 0 and at most 3600 seconds")
        }
    }

    var threads: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }
}
