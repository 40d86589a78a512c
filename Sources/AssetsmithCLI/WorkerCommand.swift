import ArgumentParser
import Foundation
import FrontEnd
import VectorWorkers

/// `assetsmith _svg-worker`: one of a build's SVG/PDF worker processes (`VectorWorker.serve`),
/// started by the pool with a socket on standard input and output. Not for people.
struct WorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: WorkerLaunch.commandName, abstract: "Internal: draws SVG documents and PDF pages for a build.", shouldDisplay: false)

    @Option(name: .long, help: "The worker's private memory budget in bytes (0: none).")
    var memoryBudget: Int = VectorWorker.defaultMemoryBudget

    @Option(name: .long, help: "The pool's process id: the worker ends when that process does.")
    var parent: Int32?

    func run() throws {
        throw ExitCode(VectorWorker.serve(memoryBudget: memoryBudget, parent: parent))
    }
}

extension RenderOptions {
    /// The worker processes that parse and draw SVG documents and PDF pages for a build or a
    /// watch session: this binary, `assetsmith _svg-worker`.
    func makeSandbox() -> WorkerPool {
        WorkerPool(capacity: threads, timeLimit: renderTimeout, executable: WorkerCommand.executable,
                   arguments: WorkerCommand.arguments(memoryBudget: workerMemory << 20))
    }
}

extension WorkerCommand {
    /// This process's own binary, which serves as the worker.
    static var executable: String { WorkerLaunch.executable }

    /// How the pool starts a worker: this command, the budget in bytes, and this process as its parent.
    static func arguments(memoryBudget: Int = VectorWorker.defaultMemoryBudget) -> [String] {
        WorkerLaunch.arguments(memoryBudget: memoryBudget)
    }
}
