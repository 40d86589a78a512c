import AssetCore
import Foundation
import Rendering

/// What the pool asks a worker. One request a frame; the worker answers each with one `WorkerReply`.
package enum WorkerRequest: Codable, Sendable, Hashable {
    /// The document's intrinsic size (`VectorSandbox.measure`).
    case measure(VectorSourceFile)
    /// The document drawn as Cairo ARGB32 into the shared memory, `size` px, under `matrix`.
    case draw(VectorSourceFile, size: PixelSize, matrix: [Double])
    /// The document drawn onto a `page` (points) PDF or SVG file; the file's bytes go into the
    /// shared memory when they fit.
    case export(VectorSourceFile, format: VectorFileFormat, page: VectorMeasure, matrix: [Double])

    /// The file the request is about.
    package var file: VectorSourceFile {
        switch self {
        case .measure(let file), .draw(let file, _, _), .export(let file, _, _, _): return file
        }
    }
}

/// A request as it crosses the pipe, with the shared memory the worker is to use.
package struct WorkerFrame: Codable, Sendable, Hashable {
    package var request: WorkerRequest
    /// The shared memory's size in bytes (0: none yet). When `attached`, a new descriptor for it
    /// travels with this frame (SCM_RIGHTS) and replaces the worker's earlier one.
    package var memoryBytes: Int
    package var attached: Bool

    package init(request: WorkerRequest, memoryBytes: Int = 0, attached: Bool = false) {
        self.request = request
        self.memoryBytes = memoryBytes
        self.attached = attached
    }
}

/// A worker's answer.
package enum WorkerReply: Codable, Sendable, Hashable {
    case measured(VectorMeasure)
    /// The drawing is in the shared memory.
    case drawn
    /// The exported file's `byteCount` bytes are in the shared memory.
    case exported(byteCount: Int)
    /// The exported file needs `byteCount` bytes, more than the shared memory holds: ask again
    /// with that much.
    case needsRoom(byteCount: Int)
    /// The document's own error (the same `RenderError` as in this process).
    case failed(RenderError)
}
