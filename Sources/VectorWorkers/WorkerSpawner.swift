import Foundation

/// Starts worker processes from one thread that lives as long as the process. Linux sends a
/// worker's parent-death signal (`prctl(PR_SET_PDEATHSIG)`) when the *thread* that started it
/// ends, and the build's render threads come and go; started from here, a worker dies with the
/// process and only then.
final class WorkerSpawner: @unchecked Sendable {
    static let shared = WorkerSpawner()

    private let condition = NSCondition()
    private var jobs: [() -> Void] = []

    private init() {
        let thread = Thread { [unowned self] in self.serve() }
        thread.name = "assetsmith worker spawner"
        thread.start()
    }

    /// Runs `start` on the spawner thread and returns its result.
    func run<T>(_ start: @escaping () -> T) -> T {
        let done = NSCondition()
        var result: T?
        condition.lock()
        jobs.append {
            let value = start()
            done.lock()
            result = value
            done.signal()
            done.unlock()
        }
        condition.signal()
        condition.unlock()
        done.lock()
        defer { done.unlock() }
        while true {
            if let result { return result }
            done.wait()
        }
    }

    /// Runs `start` on the spawner thread without waiting for it.
    func post(_ start: @escaping () -> Void) {
        condition.lock()
        jobs.append(start)
        condition.signal()
        condition.unlock()
    }

    private func serve() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job()
        }
    }
}
