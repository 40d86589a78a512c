import Foundation
import Rendering
import VectorWorkers

/// How the SVG/PDF worker processes are started: this process's own binary, as
/// `assetsmith _svg-worker --memory-budget N --parent PID` (`serveIfStartedByPool`; the CLI's
/// `WorkerCommand` too). Shared so that the CLI and the MCP server start the same workers.
package enum WorkerLaunch {
    /// The command name of the worker subcommand.
    package static let commandName = "_svg-worker"

    /// This process's own binary, which serves as the worker.
    package static var executable: String { Bundle.main.executablePath ?? CommandLine.arguments[0] }

    /// How the pool starts a worker: the command, the budget in bytes, and this process as its parent.
    package static func arguments(memoryBudget: Int = VectorWorker.defaultMemoryBudget) -> [String] {
        [commandName, "--memory-budget", String(memoryBudget), "--parent", String(getpid())]
    }

    /// A pool of `capacity` workers, each stopped after `timeLimit` seconds on one document.
    package static func pool(capacity: Int, timeLimit: Double, memoryBudget: Int = VectorWorker.defaultMemoryBudget) -> WorkerPool {
        WorkerPool(capacity: capacity, timeLimit: timeLimit, executable: executable, arguments: arguments(memoryBudget: memoryBudget))
    }

    /// Serves and exits when `arguments` are exactly what the pool starts a worker with
    /// (`arguments(memoryBudget:)`), read without an argument parser: a worker starts once per
    /// core on every build, and parsing costs it more than a millisecond. Returns for any other
    /// command line. Any binary of the package that builds through a worker pool calls it first.
    package static func serveIfStartedByPool(_ arguments: [String]) {
        guard arguments.count == 5, arguments[0] == commandName, arguments[1] == "--memory-budget",
              arguments[3] == "--parent", let budget = Int(arguments[2]), budget >= 0,
              let parent = Int32(arguments[4]), parent > 0 else { return }
        Foundation.exit(VectorWorker.serve(memoryBudget: budget, parent: parent))
    }
}
