import ArgumentParser
import AssetCore
import BuildEngine
import Foundation
import Rendering
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SVG documents and PDF pages parsed and drawn by a small pool of worker processes
/// (`assetsmith _svg-worker`, the same binary), reused across jobs and rebuilds, never one process
/// per image. Vector outputs (a PDF or SVG file drawn from an SVG or PDF source) are made there too:
/// the worker draws onto Cairo's PDF or SVG surface and hands back the file's bytes through the
/// same shared memory as pixels.
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

    /// `executable` is the `assetsmith` binary to start workers from (default: this process's).
    init(capacity: Int, timeLimit: Double, executable: String? = nil) {
        self.capacity = max(1, capacity)
        self.timeLimit = timeLimit
        self.executable = executable ?? Bundle.main.executablePath ?? CommandLine.arguments[0]
        // A worker that died must not take this process with it when we write to its pipe.
        signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        for worker in idle { worker.stop() }
    }

    func measure(_ file: VectorSourceFile) throws(RenderError) -> VectorMeasure {
        var measured: VectorMeasure?
        let path = file.path
        try exchange(SVGRequest(op: "measure", file: file), path: path) { (reply: SVGReply, _: Worker) throws(RenderError) in
            guard let width = reply.width, let height = reply.height else {
                throw .svgRender(path: path, message: "internal error, please report: the worker gave no size")
            }
            measured = VectorMeasure(width: width, height: height)
        }
        return measured!
    }

    func draw(_ file: VectorSourceFile, size: PixelSize, matrix: [Double],
              use: (UnsafeRawPointer) throws(RenderError) -> Void) throws(RenderError) {
        let path = file.path
        var request = SVGRequest(op: "draw", file: file, width: size.width, height: size.height, matrix: matrix)
        let bytes = size.width * size.height * 4
        try exchange(request, path: path, prepare: { (worker: Worker) throws(RenderError) in
            guard let shared = worker.pixels.ensure(bytes) else {
                throw .svgRender(path: path, message: "cannot share \(bytes) bytes with the renderer process")
            }
            request.shared = worker.pixels.path
            request.capacity = shared
            return request
        }) { (_: SVGReply, worker: Worker) throws(RenderError) in
            // The drawing is in the worker's shared memory: used before the worker goes back to the pool.
            guard let base = worker.pixels.base else { throw .svgRender(path: path, message: "no shared memory") }
            try use(UnsafeRawPointer(base))
        }
    }

    /// The worker draws the document onto a Cairo PDF or SVG surface and leaves the file's bytes in
    /// its shared memory (a worker that needs more room says so, and the request is sent again).
    func export(_ file: VectorSourceFile, as format: VectorFileFormat, page: VectorMeasure,
                matrix: [Double]) throws(RenderError) -> Data {
        let path = file.path
        var request = SVGRequest(op: "export", file: file, matrix: matrix)
        request.export = format.rawValue
        request.pageWidth = page.width
        request.pageHeight = page.height
        var room = 1 << 20
        for _ in 0..<2 {
            var result: Data?
            var needed: Int?
            try exchange(request, path: path, prepare: { (worker: Worker) throws(RenderError) in
                guard let shared = worker.pixels.ensure(room) else {
                    throw .svgRender(path: path, message: "cannot share \(room) bytes with the renderer process")
                }
                var prepared = request
                prepared.shared = worker.pixels.path
                prepared.capacity = shared
                return prepared
            }) { (reply: SVGReply, worker: Worker) throws(RenderError) in
                worker.pixels.unlinkName()
                guard let bytes = reply.bytes, bytes >= 0 else { throw .svgRender(path: path, message: "internal error, please report: no file size") }
                if reply.needsRoom == true {
                    needed = bytes
                    return
                }
                guard let base = worker.pixels.base, bytes <= worker.pixels.capacity else {
                    throw .svgRender(path: path, message: "no shared memory")
                }
                result = Data(bytes: base, count: bytes)
            }
            if let result { return result }
            guard let needed else { break }
            room = needed
        }
        throw .svgRender(path: path, message: "internal error, please report: the renderer gave no file")
    }

    /// One request on an idle (or new) worker, `body` run with its reply while the worker is
    /// still held; the worker goes back to the pool unless it failed. A document that crashed a
    /// worker or ran out of time fails again at once until the file changes.
    private func exchange(_ request: SVGRequest, path: String,
                          prepare: ((Worker) throws(RenderError) -> SVGRequest)? = nil,
                          body: (SVGReply, Worker) throws(RenderError) -> Void) throws(RenderError) {
        let stamp = Self.stamp(path)
        condition.lock()
        let known = failures[path].flatMap { $0.stamp == stamp ? $0.error : nil }
        condition.unlock()
        if let known { throw known }

        let worker = try checkOut(path: path)
        let outcome: Worker.Outcome
        do {
            outcome = worker.send(try prepare?(worker) ?? request, timeLimit: timeLimit)
        } catch {
            checkIn(worker)
            throw error
        }
        switch outcome {
        case .reply(let reply):
            // The worker maps the shared memory before it parses anything: once it has answered,
            // the file's name is no longer needed.
            worker.pixels.unlinkName()
            defer { checkIn(worker) }
            if let error = reply.error { throw error.renderError(path: path) }
            try body(reply, worker)
        case .timedOut:
            worker.kill()
            checkIn(nil)
            let error = RenderError.svgTimeout(path: path, seconds: timeLimit)
            remember(error, path: path, stamp: stamp)
            throw error
        case .died(let reason):
            worker.kill()
            checkIn(nil)
            let error = RenderError.svgCrashed(path: path, message: reason)
            remember(error, path: path, stamp: stamp)
            throw error
        }
    }

    private func remember(_ error: RenderError, path: String, stamp: [Int]) {
        condition.lock()
        failures[path] = (stamp, error)
        condition.unlock()
    }

    /// Size and modification time, as the build stamp reads them.
    private static func stamp(_ path: String) -> [Int] {
        guard let stat = FileStat.of(path) else { return [-1, 0] }
        return [Int(stat.size), Int(stat.mtime)]
    }

    private func checkOut(path: String) throws(RenderError) -> Worker {
        condition.lock()
        while idle.isEmpty && running >= capacity { condition.wait() }
        running += 1
        let reused = idle.popLast()
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

/// What the pool asks a worker, one JSON line. `op`: `measure`, `draw` or `export`.
struct SVGRequest: Codable {
    var op: String
    var path: String
    /// `svg` (absent) or `pdf`.
    var format: String?
    /// The PDF page, from 1 (absent: 1).
    var page: Int?
    var width: Int?
    var height: Int?
    var matrix: [Double]?
    /// For a drawing or an export: the shared-memory file to write into, and its size in bytes.
    var shared: String?
    var capacity: Int?
    /// For an export: `pdf` or `svg`, and the page size in points.
    var export: String?
    var pageWidth: Double?
    var pageHeight: Double?

    init(op: String, file: VectorSourceFile, width: Int? = nil, height: Int? = nil, matrix: [Double]? = nil) {
        self.op = op
        self.path = file.path
        self.format = file.isPDF ? "pdf" : nil
        self.page = file.isPDF && file.page != 1 ? file.page : nil
        self.width = width
        self.height = height
        self.matrix = matrix
    }

    var file: VectorSourceFile {
        VectorSourceFile(path: path, isPDF: format == "pdf", page: page ?? 1)
    }
}

/// A worker's answer, one JSON line, followed by `bytes` raw bytes for a drawing.
struct SVGReply: Codable {
    var width: Double?
    var height: Double?
    var bytes: Int?
    /// An export did not fit the shared memory: `bytes` is how much it needs.
    var needsRoom: Bool?
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
            case .pdfInvalid(_, let message): self.init(kind: "pdf-invalid", message: message)
            case .pdfEncrypted: self.init(kind: "pdf-encrypted", message: "")
            case .pdfPage(_, let page, let count): self.init(kind: "pdf-page", message: "", width: page, height: count)
            case .upscaled(_, let message, _): self.init(kind: "svg-render", message: message) // never from a worker
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
            case "pdf-invalid": return .pdfInvalid(path: path, message: message)
            case "pdf-encrypted": return .pdfEncrypted(path: path)
            case "pdf-page": return .pdfPage(path: path, page: width ?? 0, count: height ?? 0)
            default: return .svgRender(path: path, message: message)
            }
        }
    }
}

/// One worker process and its two pipes.
private final class Worker {
    enum Outcome {
        case reply(SVGReply)
        case timedOut
        case died(String)
    }

    /// Where this worker draws, mapped by both processes.
    let pixels = SharedPixels()
    private let process = Process()
    private let input: FileHandle
    private let output: Int32
    private var buffer: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 1 << 12)

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
        return .reply(reply)
    }

    func stop() {
        try? input.close()
        process.waitUntilExit()
    }

    func kill() {
        if process.isRunning { systemKill(process.processIdentifier, SIGKILL) }
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

private func systemKill(_ pid: Int32, _ signal: Int32) {
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
        let mapping = WorkerMapping()
        var pending: [UInt8] = []
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
                do {
                    switch request.op {
                    case "measure":
                        let size = try vectors.measure(request.file)
                        reply.width = size.width
                        reply.height = size.height
                    case "export":
                        guard let format = request.export.flatMap(VectorFileFormat.init(rawValue:)),
                              let width = request.pageWidth, let height = request.pageHeight,
                              let path = request.shared, let capacity = request.capacity,
                              let base = mapping.map(path, capacity: capacity) else {
                            throw RenderError.svgRender(path: request.path, message: "internal error, please report: a bad export request")
                        }
                        let data = try vectors.export(request.file, as: format, page: VectorMeasure(width: width, height: height),
                                                      matrix: request.matrix ?? [])
                        reply.bytes = data.count
                        if data.count > capacity {
                            reply.needsRoom = true
                        } else {
                            data.withUnsafeBytes { base.copyMemory(from: $0.baseAddress!, byteCount: data.count) }
                        }
                    default:
                        let size = PixelSize(width: request.width ?? 0, height: request.height ?? 0)
                        guard let path = request.shared, let capacity = request.capacity,
                              size.width > 0, size.height > 0, size.width * size.height * 4 <= capacity,
                              let base = mapping.map(path, capacity: capacity) else {
                            throw RenderError.svgRender(path: request.path, message: "no shared memory to draw into")
                        }
                        try vectors.draw(request.file, size: size, matrix: request.matrix ?? [], into: base)
                        reply.bytes = size.width * size.height * 4
                    }
                } catch {
                    reply.error = SVGReply.WireError(error as? RenderError ?? .svgRender(path: request.path, message: "\(error)"))
                }
                guard var header = try? JSONEncoder().encode(reply) else { return }
                header.append(0x0A)
                guard writeAll(1, header) else { return }
            }
        }
    }
}

/// Memory shared with one worker: a file in `/dev/shm` (Linux) or the temporary folder (macOS),
/// mapped by both; the worker draws into it and the build reads the drawing from it, so no
/// pixel is copied through a pipe. Each growth makes a new file; a file's name is removed as soon
/// as the worker has drawn into it once (both mappings outlive the name), so nothing is left
/// behind when a build is interrupted.
final class SharedPixels {
    private(set) var path = ""
    private(set) var base: UnsafeMutableRawPointer?
    private(set) var capacity = 0
    private var linked = false

    nonisolated(unsafe) private static var counter = 0
    private static let lock = NSLock()

    /// Makes room for `bytes`; returns the mapped size, or nil when that fails.
    func ensure(_ bytes: Int) -> Int? {
        if bytes <= capacity, base != nil { return capacity }
        release()
        Self.lock.lock()
        Self.counter += 1
        let number = Self.counter
        Self.lock.unlock()
        #if os(Linux)
        let folder = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : NSTemporaryDirectory()
        #else
        let folder = NSTemporaryDirectory()
        #endif
        path = (folder as NSString).appendingPathComponent("assetsmith-\(getpid())-\(number).pixels")
        let descriptor = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        linked = true
        let size = max(bytes, 1 << 20)
        guard ftruncate(descriptor, off_t(size)) == 0 else { return nil }
        let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        base = mapped
        capacity = size
        return size
    }

    /// The worker has mapped the file: its name is no longer needed.
    func unlinkName() {
        if linked { unlink(path) }
        linked = false
    }

    private func release() {
        if let base { munmap(base, capacity) }
        base = nil
        capacity = 0
        unlinkName()
    }

    deinit { release() }
}

/// The worker's side of `SharedPixels`: the file mapped again whenever its path or size changes.
final class WorkerMapping {
    private var path = ""
    private var capacity = 0
    private var base: UnsafeMutableRawPointer?

    func map(_ path: String, capacity: Int) -> UnsafeMutableRawPointer? {
        if path == self.path, capacity == self.capacity, let base { return base }
        if let base { munmap(base, self.capacity) }
        base = nil
        let descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let mapped = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        self.path = path
        self.capacity = capacity
        base = mapped
        return mapped
    }
}
