/// VectorWorkers: SVG documents and PDF pages parsed and drawn in worker processes, so that a
/// crash, a stack overflow, an endless render or a memory blow-up inside librsvg or poppler costs
/// one asset instead of the build (or a watch session).
///
/// The pool (`WorkerPool`) starts at most `capacity` workers (`assetsmith _svg-worker`, the same
/// binary), reuses them across jobs and rebuilds, and talks to each over a Unix socket in
/// length-prefixed frames (`WorkerRequest`, `WorkerReply`; a draw and its answer in a compact
/// binary layout, the rest in JSON: `WorkerWire`); pixels and exported files come
/// back through anonymous shared memory passed by descriptor (`SharedMemory`). The worker side is
/// `VectorWorker.serve`. It prints nothing and reads no environment: the front end chooses the
/// executable and its arguments, the time limit and the memory budget.
import AssetCore
import Foundation
import Rendering
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The worker processes behind a build's `VectorSandbox`.
///
/// A worker that dies is replaced, one that takes longer than `timeLimit` is killed and replaced,
/// and the asset gets an error naming the file; every other output is still written. A worker
/// serves one request at a time; at most `capacity` run at once. A file that crashed a worker or
/// ran out of time fails again at once until it changes (size or modification time).
package final class WorkerPool: VectorSandbox, @unchecked Sendable {
    /// Seconds one request may take before its worker is killed.
    package let timeLimit: Double
    /// Seconds requests wait for busy workers, in all, before another is started (the default,
    /// 0.1 s, is a few times what a worker takes to start: a process of this binary, its libraries
    /// loaded, its first document parsed).
    private let growthDelay: Double
    private let capacity: Int
    private let executable: String
    private let arguments: [String]
    private let condition = NSCondition()
    private var idle: [WorkerProcess] = []
    private var running = 0
    /// Workers being started now (by `prestart` or a request).
    private var starting = 0
    /// Seconds requests have waited for a busy worker since the last one started.
    private var waited = 0.0
    /// Every worker started and not yet ended, by process id (for `terminateAll`).
    private var live: Set<Int32> = []
    private var failures: [String: (stamp: [Int], error: RenderError)] = [:]

    /// Workers are `executable` started with `arguments`: a program that calls `VectorWorker.serve`
    /// (the front end's hidden worker command, which also passes the memory budget).
    package init(capacity: Int, timeLimit: Double, growthDelay: Double = 0.1, executable: String, arguments: [String]) {
        self.capacity = max(1, capacity)
        self.timeLimit = timeLimit
        self.growthDelay = growthDelay
        self.executable = executable
        self.arguments = arguments
        // A worker that died must not take this process with it when we write to its socket.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        for worker in idle { worker.stop() }
    }

    /// The process ids of the workers alive now.
    package var workerIDs: [Int32] {
        condition.lock()
        defer { condition.unlock() }
        return live.sorted()
    }

    /// Kills every worker at once, busy or idle (for a signal handler that then exits the process).
    package func terminateAll() {
        condition.lock()
        let pids = live
        condition.unlock()
        for pid in pids { _ = systemKill(pid, SIGKILL) }
    }

    /// Starts up to `count` workers (never beyond the capacity) in the background, so that their
    /// start-up overlaps the build's reading and checking; a request waits for one of them
    /// instead of starting another. A worker that cannot start is started again, with its error,
    /// by the request that needs it.
    package func prestart(_ count: Int) {
        condition.lock()
        let wanted = max(0, min(count, capacity) - live.count - starting)
        starting += wanted
        condition.unlock()
        for _ in 0..<wanted {
            WorkerSpawner.shared.post { [self] in
                let started = try? launch().get()
                condition.lock()
                startEnded(started)
                if let started { idle.append(started) }
                condition.broadcast()
                condition.unlock()
            }
        }
    }

    /// A new worker process (call on the spawner thread).
    private func launch() -> Result<WorkerProcess, WorkerError> {
        let executable = self.executable
        let arguments = self.arguments
        return Result { () throws(WorkerError) -> WorkerProcess in try WorkerProcess(executable: executable, arguments: arguments) }
    }

    /// A start ended, with `worker` alive or none (the lock held): one fewer starting.
    private func startEnded(_ worker: WorkerProcess?) {
        starting -= 1
        if let worker { live.insert(worker.pid) }
    }

    // MARK: VectorSandbox

    package func measure(_ file: VectorSourceFile) throws(RenderError) -> VectorMeasure {
        let reply = try exchange(.measure(file), memory: 0).reply
        guard case .measured(let size) = reply.value else { throw Self.unexpected(reply.value, file) }
        return size
    }

    package func draw(_ file: VectorSourceFile, size: PixelSize, matrix: [Double],
                      use: (UnsafeRawPointer) throws(RenderError) -> Void) throws(RenderError) {
        let request = WorkerRequest.draw(file, size: size, matrix: matrix)
        let (reply, worker) = try exchange(request, memory: size.width * size.height * 4, keep: true)
        defer { checkIn(worker) }
        guard case .drawn = reply.value, let memory = worker.memory else { throw Self.unexpected(reply.value, file) }
        // The drawing is in the worker's shared memory: used before the worker goes back to the pool.
        try use(UnsafeRawPointer(memory.base))
    }

    /// The worker draws the document onto a Cairo PDF or SVG surface and leaves the file's bytes in
    /// its shared memory (a worker that needs more room says so, and the request is sent again).
    package func export(_ file: VectorSourceFile, as format: VectorFileFormat, page: VectorMeasure,
                        matrix: [Double]) throws(RenderError) -> Data {
        let request = WorkerRequest.export(file, format: format, page: page, matrix: matrix)
        var room = 1 << 20
        for _ in 0..<2 {
            let (reply, worker) = try exchange(request, memory: room, keep: true)
            defer { checkIn(worker) }
            switch reply.value {
            case .exported(let count):
                guard let memory = worker.memory, count >= 0, count <= memory.capacity else { break }
                return Data(bytes: memory.base, count: count)
            case .needsRoom(let count) where count > room:
                room = count
                continue
            default:
                break
            }
            throw Self.unexpected(reply.value, file)
        }
        throw .svgRender(path: file.path, message: "internal error, please report: the renderer gave no file")
    }

    // MARK: Exchanges

    private struct Answer { var value: WorkerReply }

    /// One request on an idle (or new) worker. With `keep`, the worker is returned still checked out
    /// (the caller reads its shared memory, then calls `checkIn`); otherwise it goes back at once.
    private func exchange(_ request: WorkerRequest, memory bytes: Int,
                          keep: Bool = false) throws(RenderError) -> (reply: Answer, worker: WorkerProcess) {
        let file = request.file
        let stamp = FileStamp.of(file.path)
        condition.lock()
        let known = failures[file.path].flatMap { $0.stamp == stamp ? $0.error : nil }
        condition.unlock()
        if let known { throw known }

        let worker = try checkOut(file)
        let reply: WorkerReply
        do throws(WorkerError) {
            let attached = bytes > 0 ? try worker.ensureMemory(bytes) : false
            reply = try worker.send(request, memoryAttached: attached, timeLimit: timeLimit)
        } catch {
            let rendered = error.renderError(for: file, timeLimit: timeLimit)
            switch error {
            case .timedOut, .died, .garbage:
                retire(worker)
                remember(rendered, path: file.path, stamp: stamp)
            default:
                checkIn(worker)
            }
            throw rendered
        }
        if case .failed(let error) = reply {
            checkIn(worker)
            // Over the memory budget once is over it for every size: fail the file's other jobs at once.
            if case .memoryBudget = error { remember(error, path: file.path, stamp: stamp) }
            throw error
        }
        if !keep { checkIn(worker) }
        return (Answer(value: reply), worker)
    }

    private static func unexpected(_ reply: WorkerReply, _ file: VectorSourceFile) -> RenderError {
        .svgRender(path: file.path, message: "internal error, please report: the renderer answered \(reply)")
    }

    private func remember(_ error: RenderError, path: String, stamp: [Int]) {
        condition.lock()
        failures[path] = (stamp, error)
        condition.unlock()
    }

    private func checkOut(_ file: VectorSourceFile) throws(RenderError) -> WorkerProcess {
        condition.lock()
        // Another worker starts only once requests have waited for busy ones, in all, longer than
        // the growth delay: many small documents keep one worker busy instead of paying for a
        // second, and a long queue or a slow document gets one.
        while idle.isEmpty {
            if running >= capacity || starting > 0 {
                condition.wait()
            } else if !live.isEmpty, waited < growthDelay {
                let start = Date()
                _ = condition.wait(until: start.addingTimeInterval(growthDelay - waited))
                waited += Date().timeIntervalSince(start)
            } else {
                break
            }
        }
        running += 1
        let reused = idle.popLast()
        // A worker this request starts counts as starting, so others wait for it, not start more.
        if reused == nil {
            starting += 1
            waited = 0
        }
        condition.unlock()
        if let reused { return reused }
        let started = WorkerSpawner.shared.run { self.launch() }
        switch started {
        case .success(let worker):
            condition.lock()
            startEnded(worker)
            condition.broadcast()
            condition.unlock()
            return worker
        case .failure(let error):
            condition.lock()
            startEnded(nil)
            running -= 1
            condition.broadcast()
            condition.unlock()
            throw error.renderError(for: file, timeLimit: timeLimit)
        }
    }

    private func checkIn(_ worker: WorkerProcess) {
        condition.lock()
        running -= 1
        idle.append(worker)
        condition.signal()
        condition.unlock()
    }

    /// A worker that failed: killed, and its place given to a new one.
    private func retire(_ worker: WorkerProcess) {
        worker.kill()
        condition.lock()
        running -= 1
        live.remove(worker.pid)
        condition.signal()
        condition.unlock()
    }
}
