import AssetCore
import Foundation
import Rendering

/// How frames cross the pool's socket. Most of a build's exchanges are two kinds: measuring a
/// document, and drawing it at a size (the shared benchmark's 40 SVGs make 40 and 120 of its 160).
/// Those requests and their answers travel in a fixed little-endian layout; every other request
/// and reply as JSON (`Codable`), as all of them did before. A JSON frame always starts with `{`,
/// these with the byte 1 (draw) or 2 (measure), so each side tells them apart by the first byte.
/// (Issue 38: Foundation's JSON coders cost the two processes some 5 % of the benchmark's CPU,
/// most of it the first use of each `Codable` type in a fresh worker.)
///
/// A request: its tag, `attached` (0 or 1), `memoryBytes` and the file's page as Int64, `isPDF`
/// (0 or 1), the layer (0 for none, or 1 and a text), the path (a text: a UInt32 length and its
/// UTF-8 bytes); a draw then adds width and height as Int64 and the six matrix values as Float64
/// bit patterns. A `drawn` reply is the byte 1; `measured` the byte 2 and width and height as
/// Float64 bit patterns. A frame that does not read exactly so is not a frame.
package enum WorkerWire {
    static let drawTag: UInt8 = 1
    static let measureTag: UInt8 = 2

    package static func encode(_ frame: WorkerFrame) throws -> Data {
        var writer = Writer()
        switch frame.request {
        case .draw(let file, let size, let matrix) where matrix.count == 6:
            writer.head(drawTag, frame, file)
            writer.integer(Int64(size.width))
            writer.integer(Int64(size.height))
            for value in matrix { writer.integer(Int64(bitPattern: value.bitPattern)) }
        case .measure(let file):
            writer.head(measureTag, frame, file)
        default:
            return try JSONEncoder().encode(frame)
        }
        return Data(writer.bytes)
    }

    package static func decodeFrame(_ data: Data) -> WorkerFrame? {
        guard case (let tag, var reader)? = binary(data) else { return try? JSONDecoder().decode(WorkerFrame.self, from: data) }
        guard let attached = reader.flag(), let memoryBytes = reader.integer(), let page = reader.integer(),
              let isPDF = reader.flag(), let hasLayer = reader.flag() else { return nil }
        let layer = hasLayer ? reader.text() : nil
        guard !hasLayer || layer != nil, let path = reader.text() else { return nil }
        let file = VectorSourceFile(path: path, isPDF: isPDF, page: page, layer: layer)
        let request: WorkerRequest
        if tag == measureTag {
            request = .measure(file)
        } else {
            guard let width = reader.integer(), let height = reader.integer() else { return nil }
            var matrix: [Double] = []
            for _ in 0..<6 {
                guard let value = reader.double() else { return nil }
                matrix.append(value)
            }
            request = .draw(file, size: PixelSize(width: width, height: height), matrix: matrix)
        }
        guard reader.isAtEnd else { return nil }
        return WorkerFrame(request: request, memoryBytes: memoryBytes, attached: attached)
    }

    package static func encode(_ reply: WorkerReply) throws -> Data {
        var writer = Writer()
        switch reply {
        case .drawn:
            writer.bytes.append(drawTag)
        case .measured(let size):
            writer.bytes.append(measureTag)
            writer.integer(Int64(bitPattern: size.width.bitPattern))
            writer.integer(Int64(bitPattern: size.height.bitPattern))
        default:
            return try JSONEncoder().encode(reply)
        }
        return Data(writer.bytes)
    }

    package static func decodeReply(_ data: Data) -> WorkerReply? {
        guard case (let tag, var reader)? = binary(data) else { return try? JSONDecoder().decode(WorkerReply.self, from: data) }
        if tag == drawTag { return reader.isAtEnd ? .drawn : nil }
        guard let width = reader.double(), let height = reader.double(), reader.isAtEnd else { return nil }
        return .measured(VectorMeasure(width: width, height: height))
    }

    /// The tag and a reader of the rest when `data` is a binary frame; nil for JSON.
    private static func binary(_ data: Data) -> (tag: UInt8, reader: Reader)? {
        guard let tag = data.first, tag == drawTag || tag == measureTag else { return nil }
        return (tag, Reader(Array(data.dropFirst())))
    }

    private struct Writer {
        var bytes: [UInt8] = []

        init() { bytes.reserveCapacity(160) }

        /// The tag, `attached`, the memory's size and the file.
        mutating func head(_ tag: UInt8, _ frame: WorkerFrame, _ file: VectorSourceFile) {
            bytes.append(tag)
            bytes.append(frame.attached ? 1 : 0)
            integer(Int64(frame.memoryBytes))
            integer(Int64(file.page))
            bytes.append(file.isPDF ? 1 : 0)
            bytes.append(file.layer == nil ? 0 : 1)
            if let layer = file.layer { text(layer) }
            text(file.path)
        }

        mutating func integer(_ value: Int64) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func text(_ value: String) {
            let utf8 = Array(value.utf8)
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: utf8.count).littleEndian) { bytes.append(contentsOf: $0) }
            bytes.append(contentsOf: utf8)
        }
    }

    /// Reads a draw frame's fields in order; nil for anything short, out of range or not UTF-8.
    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { offset == bytes.count }

        mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard count >= 0, count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return bytes[offset..<offset + count]
        }

        mutating func flag() -> Bool? {
            guard let byte = take(1)?.first, byte <= 1 else { return nil }
            return byte == 1
        }

        mutating func integer() -> Int? {
            guard let slice = take(8) else { return nil }
            let value = slice.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return Int(exactly: Int64(bitPattern: value))
        }

        mutating func double() -> Double? {
            guard let slice = take(8) else { return nil }
            return Double(bitPattern: slice.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        }

        mutating func text() -> String? {
            guard let slice = take(4) else { return nil }
            let count = slice.reversed().reduce(0) { $0 << 8 | Int($1) }
            guard let utf8 = take(count) else { return nil }
            // `String(validating:as:)` is macOS 15+ (the target is 13): decoding repairs bad UTF-8
            // with U+FFFD, so text whose bytes come back different was not UTF-8.
            let decoded = String(decoding: utf8, as: UTF8.self)
            return decoded.utf8.elementsEqual(utf8) ? decoded : nil
        }
    }
}
