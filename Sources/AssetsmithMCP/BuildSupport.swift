import AssetCore
import BuildEngine
import Foundation
import Rendering

/// Set when the client cancels a call (`notifications/cancelled`); read by the build's sandbox.
package final class CancelFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false

    package init() {}

    package func cancel() { lock.withLock { cancelled = true } }
    package var isCancelled: Bool { lock.withLock { cancelled } }
}

/// A flag set once, read from any thread.
final class Latch: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

/// The build's SVG/PDF sandbox, refusing every document once the call is cancelled: the engine
/// has no stop of its own, so a cancelled build runs out fast, drawing nothing more. What it
/// drew before is written as a refused render's neighbours are; what it did not keeps its
/// previous file, and the next build draws it.
final class CancellableSandbox: VectorSandbox, @unchecked Sendable {
    private let inner: VectorSandbox
    private let flag: CancelFlag

    init(_ inner: VectorSandbox, flag: CancelFlag) {
        self.inner = inner
        self.flag = flag
    }

    private func check(_ file: VectorSourceFile) throws(RenderError) {
        if flag.isCancelled { throw .svgRender(path: file.path, message: "not drawn: the build was cancelled") }
    }

    func measure(_ file: VectorSourceFile) throws(RenderError) -> VectorMeasure {
        try check(file)
        return try inner.measure(file)
    }

    func draw(_ file: VectorSourceFile, size: PixelSize, matrix: [Double],
              use: (UnsafeRawPointer) throws(RenderError) -> Void) throws(RenderError) {
        try check(file)
        try inner.draw(file, size: size, matrix: matrix, use: use)
    }

    func export(_ file: VectorSourceFile, as format: VectorFileFormat, page: VectorMeasure, matrix: [Double]) throws(RenderError) -> Data {
        try check(file)
        return try inner.export(file, as: format, page: page, matrix: matrix)
    }

    func prestart(_ count: Int) { inner.prestart(count) }
}

/// Progress for the client (`notifications/progress`): `(done, total, message)`.
package typealias ProgressReport = @Sendable (_ done: Double, _ total: Double?, _ message: String?) -> Void

/// The engine's progress display, relayed to the client as renders finish.
/// The values sent only ever increase (the MCP specification: "The progress value MUST increase
/// with each notification"): not after a cancel (the engine still counts the renders it refuses),
/// and the start at 0 is not sent twice after a wait for the build lock (issue 53).
final class ProgressRelay: BuildProgress, @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private var done = 0
    private let report: ProgressReport
    private let cancel: CancelFlag?

    init(total: Int, report: @escaping ProgressReport, cancel: CancelFlag? = nil, startSent: Bool = false) {
        self.total = total
        self.report = report
        self.cancel = cancel
        if !startSent { report(0, Double(total), "rendering \(total) image\(total == 1 ? "" : "s")") }
    }

    /// At most `steps` notifications a build, and always the last: a catalog of 5,000 images
    /// would otherwise send 5,000.
    func advance() {
        guard cancel?.isCancelled != true else { return }
        let now = lock.withLock { done += 1; return done }
        guard now == total || now * Self.steps / max(total, 1) != (now - 1) * Self.steps / max(total, 1) else { return }
        report(Double(now), Double(total), "rendered \(now) of \(total)")
    }

    static let steps = 20

    func finish() {}
}
