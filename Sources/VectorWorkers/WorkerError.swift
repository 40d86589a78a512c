import Foundation
import Rendering

/// What went wrong between the pool and one worker process (the document's own errors travel as
/// `WorkerReply.failed`). The pool turns each into a `RenderError` naming the file.
package enum WorkerError: Error, Sendable, Hashable {
    /// The worker took longer than the time limit and was killed.
    case timedOut
    /// The worker died; `reason` says how, in words (`SIGSEGV: …`, `it exited with status 3`).
    case died(reason: String)
    /// The worker answered something that is not a frame of the protocol (or a frame too large).
    case garbage(String)
    /// No worker process could be started (`message` is the system's).
    case cannotStart(String)
    /// No shared memory of that size could be made or mapped (`message` is the system's).
    case sharedMemory(String)
    /// The request could not be encoded (a bug).
    case encoding(String)

    /// The error the pool throws for `file` (a PDF's words for a PDF); `timeLimit` in seconds.
    package func renderError(for file: VectorSourceFile, timeLimit: Double) -> RenderError {
        let path = file.path
        switch self {
        case .timedOut:
            return file.isPDF ? .pdfTimeout(path: path, seconds: timeLimit) : .svgTimeout(path: path, seconds: timeLimit)
        case .died(let reason):
            return file.isPDF ? .pdfCrashed(path: path, message: reason) : .svgCrashed(path: path, message: reason)
        case .garbage(let message):
            let error = "the renderer answered garbage (\(message))"
            return file.isPDF ? .pdfCrashed(path: path, message: error) : .svgCrashed(path: path, message: error)
        case .cannotStart(let message):
            return .svgRender(path: path, message: "cannot start a renderer process: \(message)")
        case .sharedMemory(let message):
            return .svgRender(path: path, message: "cannot share memory with the renderer process: \(message)")
        case .encoding(let message):
            return .svgRender(path: path, message: "internal error, please report: \(message)")
        }
    }
}
