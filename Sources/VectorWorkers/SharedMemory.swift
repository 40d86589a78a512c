import CWorkerShim
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Memory shared with one worker, mapped by both processes: the worker draws into it and the
/// build reads the drawing from it, so no pixel is copied through a pipe.
///
/// It has no name anywhere: `memfd_create` on Linux; on macOS `shm_open` with `O_EXCL` under a
/// random name that is unlinked at once. The pool hands the descriptor to the worker over the
/// socket (SCM_RIGHTS), so there is no file in `/dev/shm` or the temporary folder to plant a link
/// at, and nothing to leave behind when a build is interrupted. It grows by making a new one.
final class SharedMemory {
    let descriptor: Int32
    let base: UnsafeMutableRawPointer
    let capacity: Int

    /// New anonymous memory of `capacity` bytes (the pool's side).
    convenience init(capacity: Int) throws(WorkerError) {
        let descriptor = workershim_create_memory(capacity)
        guard descriptor >= 0 else { throw .sharedMemory(String(cString: strerror(errno))) }
        do {
            try self.init(descriptor: descriptor, capacity: capacity)
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// Maps `descriptor` (received from the pool, the worker's side), `capacity` bytes; owns it.
    init(descriptor: Int32, capacity: Int) throws(WorkerError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0, Int(status.st_size) >= capacity, capacity > 0 else {
            throw .sharedMemory("the shared memory is smaller than \(capacity) bytes")
        }
        let mapped = mmap(nil, capacity, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else { throw .sharedMemory(String(cString: strerror(errno))) }
        self.descriptor = descriptor
        self.base = mapped
        self.capacity = capacity
    }

    deinit {
        munmap(base, capacity)
        close(descriptor)
    }
}
