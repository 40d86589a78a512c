import Dispatch
import Foundation
import VectorWorkers

/// Ctrl-C (SIGINT), SIGTERM and SIGHUP while SVG/PDF workers may be drawing: the workers are killed
/// first, then the process exits, 128 + the signal (130, 143, 129) unless `exitCode` says otherwise.
/// Xcode cancelling a build sends SIGTERM; closing a terminal sends SIGHUP. (Workers also end by
/// themselves when this process dies some other way: see `VectorWorker`.)
enum SignalExit {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Handles the three signals from now on. `exitCode` may print and choose the status.
    static func install(stopping pool: WorkerPool, exitCode: @escaping (Int32) -> Int32 = { 128 + $0 }) {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                pool.terminateAll()
                Foundation.exit(exitCode(number))
            }
            source.resume()
            sources.append(source)
        }
    }
}
