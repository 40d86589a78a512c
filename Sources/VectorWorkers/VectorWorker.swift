import AssetCore
import CWorkerShim
import Foundation
import Rendering
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The worker's side of the pool: reads frames on standard input (one end of the pool's socket),
/// parses and draws with librsvg and poppler in this process, answers on standard output, until
/// the socket closes. Started as `assetsmith _svg-worker`; not for people.
///
/// Before it reads anything it caps its own private memory at `memoryBudget` bytes
/// (`RLIMIT_DATA`: the heap and private mappings, not the shared memory it draws into), so a
/// picture inside a vector file that would take gigabytes fails to allocate here instead, and the
/// request answers `RenderError.memoryBudget`. On Linux it asks to be killed when the pool's process
/// dies (`PR_SET_PDEATHSIG`); on macOS it watches the parent and exits when it goes.
package enum VectorWorker {
    /// The default memory budget of a worker: 1 GiB.
    package static let defaultMemoryBudget = 1 << 30

    /// Serves requests until the socket closes; returns the process's exit status. `parent` is the
    /// pool's process id (the worker ends when it does).
    package static func serve(memoryBudget: Int, parent: Int32?) -> Int32 {
        dieWithParent(parent)
        if memoryBudget > 0 { _ = workershim_limit_memory(memoryBudget) }
        // Most requests are SVGs: librsvg is opened before the first one arrives (a worker the
        // pool starts ahead, while the build reads its manifest, is then ready when a drawing is).
        VectorImage.warmUp()
        var channel = WireChannel(descriptor: 0)
        var loop = Loop(memoryBudget: memoryBudget)
        while true {
            guard case .frame(let data) = channel.receive(until: nil) else { return 0 }
            guard let frame = WorkerWire.decodeFrame(data) else { return 3 }
            let reply = loop.answer(frame, descriptor: frame.attached ? channel.takeDescriptor() : nil)
            guard let encoded = try? WorkerWire.encode(reply), channel.send(encoded) else { return 0 }
        }
    }

    private static func dieWithParent(_ parent: Int32?) {
        #if os(Linux)
        _ = workershim_die_with_parent()
        // The parent may have died before the call: then this process already belongs to another.
        if let parent, getppid() != parent { exit(0) }
        #else
        guard let parent else { return }
        let source = DispatchSource.makeProcessSource(identifier: parent, eventMask: .exit, queue: .global())
        source.setEventHandler { exit(0) }
        source.resume()
        watchedParent = source
        if getppid() != parent { exit(0) }
        #endif
    }

    #if !os(Linux)
    nonisolated(unsafe) private static var watchedParent: DispatchSourceProcess?
    #endif

    /// One worker's state: its parsed documents and its mapping of the shared memory.
    struct Loop {
        let memoryBudget: Int
        let vectors = InProcessVectors()
        var memory: SharedMemory?
        /// Files that went over the budget, by their stamp: a library may cache the failed
        /// picture and draw the file without it the next time, so the answer is kept.
        var overBudget: [VectorSourceFile: [Int]] = [:]

        init(memoryBudget: Int) {
            self.memoryBudget = memoryBudget
        }

        mutating func answer(_ frame: WorkerFrame, descriptor: Int32?) -> WorkerReply {
            let file = frame.request.file
            if let descriptor {
                memory = nil
                do {
                    memory = try SharedMemory(descriptor: descriptor, capacity: frame.memoryBytes)
                } catch {
                    close(descriptor)
                    return .failed(.svgRender(path: file.path, message: "cannot map the shared memory: \(error)"))
                }
            }
            let stamp = FileStamp.of(file.path)
            if overBudget[file] == stamp { return .failed(.memoryBudget(path: file.path, bytes: memoryBudget)) }
            let failuresBefore = workershim_allocation_failures()
            let reply: WorkerReply
            do throws(RenderError) {
                reply = try perform(frame.request)
            } catch {
                reply = .failed(error)
            }
            // A library that cannot allocate often draws nothing and says nothing: the count says it.
            if workershim_allocation_failures() > failuresBefore {
                overBudget[file] = stamp
                return .failed(.memoryBudget(path: file.path, bytes: memoryBudget))
            }
            return reply
        }

        private func perform(_ request: WorkerRequest) throws(RenderError) -> WorkerReply {
            switch request {
            case .measure(let file):
                return .measured(try vectors.measure(file))
            case .draw(let file, let size, let matrix):
                guard size.width > 0, size.height > 0, let memory, size.width * size.height * 4 <= memory.capacity else {
                    throw .svgRender(path: file.path, message: "internal error, please report: no shared memory to draw into")
                }
                try vectors.draw(file, size: size, matrix: matrix, into: memory.base)
                return .drawn
            case .export(let file, let format, let page, let matrix):
                guard let memory else {
                    throw .svgRender(path: file.path, message: "internal error, please report: no shared memory to export into")
                }
                let data = try vectors.export(file, as: format, page: page, matrix: matrix)
                guard data.count <= memory.capacity else { return .needsRoom(byteCount: data.count) }
                data.withUnsafeBytes { bytes in
                    if let source = bytes.baseAddress { memory.base.copyMemory(from: source, byteCount: data.count) }
                }
                return .exported(byteCount: data.count)
            }
        }
    }
}
