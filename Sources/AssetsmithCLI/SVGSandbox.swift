import ArgumentParser
import AssetCore
import Foundation
import Rendering
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SVG documents parsed and drawn by a small pool of worker processes (`assetsmith _svg-worker`,
/// the same binary), reused across jobs and rebuilds, never one process per image.
///
/// librsvg is a C/Rust library that a hostile file can make panic (text at an absurd size),
/// overflow its stack (a long `<use>` chain) or run for hours (`feTurbulence` with 100,000
/// octaves, `<use>` fan-out). In a worker, such a file costs one asset: a worker that dies is
/// replaced, one that takes longer than `timeLimit` is killed and replaced, and the asset gets an
/// error naming the file; every other output is still written. A worker serves one request at a
/// time; at most `capacity` run at once.
final class SVGSandbox: VectorSandbox, @unchecked Sendable {
    let timeLimit: Double
    private let capacity: Int
    private let executable: String
    private var idle: [Worker] = []
    private var running = 0
    private let condition = NSCondition()
    /// Documents that crashed a worker or ran out of time, by path and file stamp: asked again,
    /// they fail at once (a fixed file has a new stamp and is tried again).
    private var failures: [String: (stamp: [Int], error: RenderError)] = [:]

    init(capacity: Int, timeLimit: Double) {
        self.capacity = max(1, capacity)
        self.timeLimit = timeLimit
        self.executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        // A worker that died must not take this process with it when we write to its pipe.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        for worker in idle { worker.stop() }
    }

    func measure(path: String) throws(RenderError) -> VectorMeasure {
        let reply = try exchange(SVGRequest(op: "measure", path: path), path: path)
        guard let width = reply.header.width, let height = reply.header.height else {
            throw .svgRender(path: path, message: "internal error, please report: the worker gave no size")
        }
        return VectorMeasure(width: width, height: height)
    }

    func draw(path: String, size: PixelSize, matrix: [Double]) throws(RenderError) -> [UInt8] {
        let request = SVGRequest(op: "draw", path: path, width: size.width, height: size.height, matrix: matrix)
        return try exchange(request, path: path).bytes
    }

    func rewrite(path: String) throws(RenderError) -> [UInt8] {
        try exchange(SVGRequest(op: "svg", path: path), path: path).bytes
    }

    /// One request on an idle (or new) worker; the worker goes back to the pool unless it failed.
    private func exchange(_ request: SVGRequest, path: String) throws(RenderError) -> (header: SVGReply, bytes: [UInt8]) {
        let stamp = Self.stamp(path)
        condition.lock()
        let known = failures[path].flatMap { $0.stamp == stamp ? $0.error : nil }
        condition.unlock()
        if let known { throw known }
        do {
            return try exchangeOnWorker(request, path: path)
        } catch {
            if case .svgCrashed = error { remember(error, path: path, stamp: stamp) }
            if case .svgTimeout = error { remember(error, path: path, stamp: stamp) }
            throw error
        }
    }

    private func remember(_ error: RenderError, path: String, stamp: [Int]) {
        condition.lock()
        failures[path] = (stamp, error)
        condition.unlock()
    }

    private static func stamp(_ path: String) -> [Int] {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return [(attributes?[.size] as? Int) ?? -1,
                Int(((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) * 1e9)]
    }

    private func exchangeOnWorker(_ request: SVGRequest, path: String) throws(RenderError) -> (header: SVGReply, bytes: [UInt8]) {
        // A rewrite runs on a worker of its own, which exits after answering.
        let fresh = request.op == "svg"
        let worker = try checkOut(path: path, fresh: fresh)
        switch worker.send(request, timeLimit: timeLimit) {
        case .reply(let header, let bytes):
            if fresh { worker.stop(); worker.kill() }   // it exits after answering: reap it
            checkIn(fresh ? nil : worker)
            if let error = header.error { throw error.renderError(path: path) }
            return (header, bytes)
        case .timedOut:
            worker.kill()
            checkIn(nil)
            throw .svgTimeout(path: path, seconds: timeLimit)
        case .died(let reason):
            worker.kill()
            checkIn(nil)
            throw .svgCrashed(path: path, message: reason)
        }
    }

    private func checkOut(path: String, fresh: Bool = false) throws(RenderError) -> Worker {
        condition.lock()
        while (fresh || idle.isEmpty) && running >= capacity { condition.wait() }
        running += 1
        let reused = fresh ? nil : idle.popLast()
        condition.unlock()
        if let reused { return reused }
        do {
            return try Worker(executable: executable)
        } catch {
            checkIn(nil)
            throw .svgRender(path: path, message: "cannot start a renderer process: \(error)")
        }
    }

    private func checkIn(_ worker: Worker?) {
        condition.lock()
        running -= 1
        if let worker { idle.append(worker) }
        condition.signal()
        condition.unlock()
    }
}

/// What the pool asks a worker, one JSON line.
struct SVGRequest: Codable {
    var op: String
    var path: String
    var width: Int?
    var height: Int?
    var matrix: [Double]?
}

/// A worker's answer, one JSON line, followed by `bytes` raw bytes for a drawing.
struct SVGReply: Codable {
    var width: Double?
    var height: Double?
    var bytes: Int?
    var error: WireError?

    /// A `RenderError` as it crosses the pipe.
    struct WireError: Codable {
        var kind: String
        var message: String
        var width: Int?
        var height: Int?

        init(_ error: RenderError) {
            switch error {
            case .unreadable(_, let message): self.init(kind: "unreadable", message: message)
            case .svgInvalid(_, let message): self.init(kind: "svg-invalid", message: message)
            case .svgWithoutSize: self.init(kind: "svg-without-size", message: "")
            case .tooLarge(_, let size): self.init(kind: "too-large", message: "", width: size.width, height: size.height)
            case .svgRender(_, let message): self.init(kind: "svg-render", message: message)
            case .svgCrashed(_, let message): self.init(kind: "svg-crashed", message: message)
            case .svgTimeout: self.init(kind: "svg-render", message: "timed out")
            case .cairo(let message): self.init(kind: "cairo", message: message)
            case .outputSize(let size): self.init(kind: "output-size", message: "", width: size.width, height: size.height)
            }
        }

        init(kind: String, message: String, width: Int? = nil, height: Int? = nil) {
            self.kind = kind
            self.message = message
            self.width = width
            self.height = height
        }

        func renderError(path: String) -> RenderError {
            let size = PixelSize(width: width ?? 0, height: height ?? 0)
            switch kind {
            case "unreadable": return .unreadable(path: path, message: message)
            case "svg-invalid": return .svgInvalid(path: path, message: message)
            case "svg-without-size": return .svgWithoutSize(path: path)
            case "too-large": return .tooLarge(path: path, size: size)
            case "cairo": return .cairo(message: message)
            case "output-size": return .outputSize(size)
            default: return .svgRender(path: path, message: message)
            }
        }
    }
}

/// One worker process and its two pipes.
private final class Worker {
    enum Outcome {
        case reply(SVGReply, [UInt8])
        case timedOut
        case died(String)
    }

    private let process = Process()
    private let input: FileHandle
    private let output: Int32
    private var buffer: [UInt8] = []

    init(executable: String) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["_svg-worker"]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let toWorker = Pipe()
        let fromWorker = Pipe()
        process.standardInput = toWorker
        process.standardOutput = fromWorker
        process.standardError = FileHandle.nullDevice
        try process.run()
        input = toWorker.fileHandleForWriting
        output = fromWorker.fileHandleForReading.fileDescriptor
        retained = (toWorker, fromWorker)
    }

    /// The pipes stay alive as long as the worker.
    private var retained: (Pipe, Pipe)?

    func send(_ request: SVGRequest, timeLimit: Double) -> Outcome {
        guard var line = try? JSONEncoder().encode(request) else { return .died("internal error: cannot encode the request") }
        line.append(0x0A)
        guard writeAll(input.fileDescriptor, line) else { return .died(exitReason()) }
        let deadline = Date().addingTimeInterval(timeLimit)
        guard let header = readLine(until: deadline) else {
            return Date() >= deadline ? .timedOut : .died(exitReason())
        }
        guard let reply = try? JSONDecoder().decode(SVGReply.self, from: Data(header)) else {
            return .died("the renderer answered garbage")
        }
        guard let count = reply.bytes, count > 0 else { return .reply(reply, []) }
        guard let bytes = read(count, until: deadline) else {
            return Date() >= deadline ? .timedOut : .died(exitReason())
        }
        return .reply(reply, bytes)
    }

    func stop() {
        try? input.close()
    }

    func kill() {
        if process.isRunning { Glibc_or_Darwin_kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// How the worker ended, in words.
    private func exitReason() -> String {
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            let name = signal == SIGSEGV ? "SIGSEGV: a stack overflow or a bad memory access in librsvg"
                : signal == SIGABRT ? "SIGABRT: librsvg stopped on an internal assertion"
                : "signal \(signal)"
            return name
        }
        return "it exited with status \(process.terminationStatus)"
    }

    private func readLine(until deadline: Date) -> [UInt8]? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                return line
            }
            guard fill(until: deadline) else { return nil }
        }
    }

    private func read(_ count: Int, until deadline: Date) -> [UInt8]? {
        buffer.reserveCapacity(count)
        while buffer.count < count {
            guard fill(until: deadline) else { return nil }
        }
        let bytes = Array(buffer[..<count])
        buffer.removeFirst(count)
        return bytes
    }

    /// Reads what is there, waiting until `deadline`; false on timeout, end of file or error.
    private func fill(until deadline: Date) -> Bool {
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return false }
            var poller = pollfd(fd: output, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(remaining * 1000 + 1, 60_000)))
            if ready < 0 {
                if errno == EINTR { continue }
                return false
            }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            let count = chunk.withUnsafeMutableBytes { systemRead(output, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[..<count])
            return true
        }
    }
}

/// Writes every byte to `fd`; false when the other end is gone.
private func writeAll(_ fd: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { bytes in
        var offset = 0
        while offset < bytes.count {
            let count = systemWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.read(fd, buffer, count)
    #else
    return Darwin.read(fd, buffer, count)
    #endif
}

private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, buffer, count)
    #else
    return Darwin.write(fd, buffer, count)
    #endif
}

private func Glibc_or_Darwin_kill(_ pid: Int32, _ signal: Int32) {
    #if canImport(Glibc)
    _ = Glibc.kill(pid, signal)
    #else
    _ = Darwin.kill(pid, signal)
    #endif
}

/// `assetsmith _svg-worker`: the worker side. Reads one JSON request a line on standard input,
/// answers on standard output, until standard input closes. Not for people.
struct SVGWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_svg-worker", abstract: "Internal: draws SVG documents for a build.", shouldDisplay: false)

    func run() throws {
        let vectors = InProcessVectors()
        var pending: [UInt8] = []
        var exitAfterReply = false
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            pending.append(contentsOf: chunk[..<count])
            while let newline = pending.firstIndex(of: 0x0A) {
                let line = Data(pending[..<newline])
                pending.removeFirst(newline + 1)
                guard let request = try? JSONDecoder().decode(SVGRequest.self, from: line) else { return }
                var reply = SVGReply()
                var bytes: [UInt8] = []
                do {
                    switch request.op {
                    case "svg":
                        // Cairo numbers SVG elements per process: a fresh worker keeps the bytes stable.
                        bytes = try vectors.rewrite(path: request.path)
                        reply.bytes = bytes.count
                        exitAfterReply = true
                    case "measure":
                        let size = try vectors.measure(path: request.path)
                        reply.width = size.width
                        reply.height = size.height
                    default:
                        bytes = try vectors.draw(path: request.path,
                                                 size: PixelSize(width: request.width ?? 0, height: request.height ?? 0),
                                                 matrix: request.matrix ?? [])
                        reply.bytes = bytes.count
                    }
                } catch {
                    reply.error = SVGReply.WireError(error)
                }
                guard var header = try? JSONEncoder().encode(reply) else { return }
                header.append(0x0A)
                guard writeAll(1, header), bytes.isEmpty || writeAll(1, Data(bytes)) else { return }
                if exitAfterReply { return }
            }
        }
    }
}
