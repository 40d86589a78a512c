import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One end of a Unix stream socket carrying frames: a 4-byte big-endian length, then that many
/// bytes of JSON. A frame may carry one descriptor (SCM_RIGHTS) with it: the shared memory.
/// Frames over `maximumFrame` bytes are refused on both sides.
struct WireChannel {
    /// The largest frame accepted, in bytes (messages are small; pixels go through shared memory).
    static let maximumFrame = 1 << 20

    let descriptor: Int32
    private var pending: [UInt8] = []
    /// Descriptors that arrived and are not yet taken.
    private var received: [Int32] = []

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Sends one frame, with `passing` attached when given. False when the other end is gone.
    func send(_ payload: Data, passing attached: Int32? = nil) -> Bool {
        let count = UInt32(payload.count)
        var bytes = [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
        bytes.append(contentsOf: payload)
        var offset = 0
        if let attached {
            let sent = Self.sendWithDescriptor(descriptor, bytes, attached)
            guard sent > 0 else { return false }
            offset = sent
        }
        return bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return true }
            while offset < buffer.count {
                let sent = systemWrite(descriptor, base + offset, buffer.count - offset)
                if sent < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += sent
            }
            return true
        }
    }

    enum Received {
        case frame(Data)
        /// End of file: the other side closed its end (or died).
        case closed
        case timedOut
        /// A frame over `maximumFrame`, or a read error.
        case garbage(String)
    }

    /// The next frame, waiting at most until `deadline` (nil: for ever).
    mutating func receive(until deadline: Date?) -> Received {
        while true {
            if pending.count >= 4 {
                let length = Int(pending[0]) << 24 | Int(pending[1]) << 16 | Int(pending[2]) << 8 | Int(pending[3])
                guard length <= Self.maximumFrame else { return .garbage("a frame of \(length) bytes") }
                if pending.count >= 4 + length {
                    let frame = Data(pending[4..<4 + length])
                    pending.removeFirst(4 + length)
                    return .frame(frame)
                }
            }
            if let deadline {
                let remaining = deadline.timeIntervalSinceNow
                guard remaining > 0 else { return .timedOut }
                var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32(min(remaining * 1000 + 1, 60_000)))
                if ready < 0, errno != EINTR { return .garbage("poll failed: \(String(cString: strerror(errno)))") }
                if ready <= 0 { continue }
            }
            var chunk = [UInt8](repeating: 0, count: 1 << 14)
            let count = Self.receiveWithDescriptors(descriptor, &chunk, into: &received)
            if count < 0 {
                if errno == EINTR { continue }
                return .closed
            }
            if count == 0 { return .closed }
            pending.append(contentsOf: chunk[..<count])
        }
    }

    /// The last descriptor that arrived (earlier ones are closed), or nil.
    mutating func takeDescriptor() -> Int32? {
        guard let last = received.popLast() else { return nil }
        for other in received { close(other) }
        received.removeAll()
        return last
    }

    // MARK: SCM_RIGHTS

    /// The control-message header's size rounded up as CMSG_ALIGN does: to a word on Linux,
    /// to 4 bytes on Darwin.
    private static var headerSpace: Int {
        #if os(Linux)
        let alignment = MemoryLayout<Int>.size
        #else
        let alignment = 4
        #endif
        return (MemoryLayout<cmsghdr>.size + alignment - 1) / alignment * alignment
    }

    private static var controlSpace: Int { headerSpace + 8 }

    private static func sendWithDescriptor(_ socket: Int32, _ bytes: [UInt8], _ attached: Int32) -> Int {
        var control = [UInt8](repeating: 0, count: controlSpace)
        var bytes = bytes
        return control.withUnsafeMutableBytes { controlBuffer in
            guard let header = controlBuffer.baseAddress?.assumingMemoryBound(to: cmsghdr.self) else { return -1 }
            header.pointee.cmsg_len = numericCast(headerSpace + MemoryLayout<Int32>.size)
            header.pointee.cmsg_level = SOL_SOCKET
            header.pointee.cmsg_type = Int32(SCM_RIGHTS)
            controlBuffer.storeBytes(of: attached, toByteOffset: headerSpace, as: Int32.self)
            return bytes.withUnsafeMutableBytes { data in
                var vector = iovec(iov_base: data.baseAddress, iov_len: data.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var message = msghdr()
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = controlBuffer.baseAddress
                    message.msg_controllen = numericCast(headerSpace + MemoryLayout<Int32>.size)
                    while true {
                        let sent = sendmsg(socket, &message, 0)
                        if sent < 0, errno == EINTR { continue }
                        return sent
                    }
                }
            }
        }
    }

    private static func receiveWithDescriptors(_ socket: Int32, _ chunk: inout [UInt8], into received: inout [Int32]) -> Int {
        var control = [UInt8](repeating: 0, count: controlSpace * 4)
        return control.withUnsafeMutableBytes { controlBuffer in
            chunk.withUnsafeMutableBytes { data in
                var vector = iovec(iov_base: data.baseAddress, iov_len: data.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var message = msghdr()
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = controlBuffer.baseAddress
                    message.msg_controllen = numericCast(controlBuffer.count)
                    #if os(Linux)
                    let count = recvmsg(socket, &message, Int32(MSG_CMSG_CLOEXEC))
                    #else
                    let count = recvmsg(socket, &message, 0)
                    #endif
                    guard count >= 0 else { return count }
                    // One control message at most: the pool sends one descriptor with a frame.
                    if Int(message.msg_controllen) >= headerSpace {
                        let header = controlBuffer.loadUnaligned(as: cmsghdr.self)
                        if header.cmsg_level == SOL_SOCKET, header.cmsg_type == Int32(SCM_RIGHTS) {
                            let end = min(Int(header.cmsg_len), Int(message.msg_controllen))
                            var at = headerSpace
                            while at + 4 <= end {
                                let descriptor = controlBuffer.loadUnaligned(fromByteOffset: at, as: Int32.self)
                                #if !os(Linux)
                                _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
                                #endif
                                received.append(descriptor)
                                at += 4
                            }
                        }
                    }
                    return count
                }
            }
        }
    }
}

func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    return Glibc.write(fd, buffer, count)
    #else
    return Darwin.write(fd, buffer, count)
    #endif
}
