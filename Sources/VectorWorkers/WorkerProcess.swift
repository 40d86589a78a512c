import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One worker process (`assetsmith _svg-worker`), its socket and its shared memory.
final class WorkerProcess {
    /// Where this worker draws; replaced (and sent again) when a job needs more room.
    private(set) var memory: SharedMemory?
    private var channel: WireChannel
    private let process = Process()

    /// The worker's process id.
    var pid: Int32 { process.processIdentifier }

    /// Starts `executable` with `arguments`; its standard input and output are one end of a socket pair.
    init(executable: String, arguments: [String]) throws(WorkerError) {
        var pair: [Int32] = [-1, -1]
        #if os(Linux)
        let kind = Int32(SOCK_STREAM.rawValue)
        #else
        let kind = SOCK_STREAM
        #endif
        guard socketpair(AF_UNIX, kind, 0, &pair) == 0 else { throw .cannotStart(String(cString: strerror(errno))) }
        _ = fcntl(pair[0], F_SETFD, FD_CLOEXEC)
        #if !os(Linux)
        var on: Int32 = 1
        setsockopt(pair[0], SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        let theirs = FileHandle(fileDescriptor: pair[1], closeOnDealloc: true)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        process.standardInput = theirs
        process.standardOutput = theirs
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            close(pair[0])
            throw .cannotStart("\(error)")
        }
        try? theirs.close()
        channel = WireChannel(descriptor: pair[0])
    }

    deinit {
        close(channel.descriptor)
    }

    /// Makes sure the shared memory holds `bytes`; returns true when a new one was made (it must
    /// travel with the next frame).
    func ensureMemory(_ bytes: Int) throws(WorkerError) -> Bool {
        if let memory, memory.capacity >= bytes { return false }
        memory = nil
        memory = try SharedMemory(capacity: max(bytes, 1 << 20))
        return true
    }

    /// Sends `request` and waits at most `timeLimit` seconds for the reply.
    func send(_ request: WorkerRequest, memoryAttached: Bool, timeLimit: Double) throws(WorkerError) -> WorkerReply {
        let frame = WorkerFrame(request: request, memoryBytes: memory?.capacity ?? 0, attached: memoryAttached)
        let payload: Data
        do {
            payload = try WorkerWire.encode(frame)
        } catch {
            throw .encoding("\(error)")
        }
        guard channel.send(payload, passing: memoryAttached ? memory?.descriptor : nil) else {
            throw .died(reason: exitReason(request.file.isPDF ? "poppler" : "librsvg"))
        }
        switch channel.receive(until: Date().addingTimeInterval(timeLimit)) {
        case .frame(let data):
            guard let reply = WorkerWire.decodeReply(data) else { throw .garbage("an unreadable reply") }
            return reply
        case .timedOut:
            throw .timedOut
        case .closed:
            throw .died(reason: exitReason(request.file.isPDF ? "poppler" : "librsvg"))
        case .garbage(let message):
            throw .garbage(message)
        }
    }

    /// Closes the socket: the worker reads the end and exits.
    func stop() {
        shutdown(channel.descriptor, Int32(SHUT_RDWR))
        process.waitUntilExit()
    }

    func kill() {
        if process.isRunning { _ = systemKill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// How the worker ended, in words; `library` is the one that was drawing.
    private func exitReason(_ library: String) -> String {
        process.waitUntilExit()
        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            return signal == SIGSEGV ? "SIGSEGV: a stack overflow or a bad memory access in \(library)"
                : signal == SIGABRT ? "SIGABRT: \(library) stopped on an internal assertion"
                : signal == SIGKILL ? "SIGKILL: it was killed"
                : "signal \(signal)"
        }
        return "it exited with status \(process.terminationStatus)"
    }
}

func systemKill(_ pid: Int32, _ signal: Int32) -> Int32 {
    #if canImport(Glibc)
    return Glibc.kill(pid, signal)
    #else
    return Darwin.kill(pid, signal)
    #endif
}
