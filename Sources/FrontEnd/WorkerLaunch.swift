import Foundation
import Rendering
import VectorWorkers

/// How the SVG/PDF worker processes are started: this process's own binary, as
/// `assetsmith _svg-worker --memory-budget N --parent PID` (the CLI's `WorkerCommand` serves them).
/// Shared so that the CLI and the MCP server start the same workers.
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
}
