import Foundation

/// `ASSETSMITH_TIMINGS=1` prints how long each phase of a build took, to standard error, with
/// the process's peak memory so far where the system tells it (Linux: `VmHWM`).
/// For profiling; the benchmark (`make bench`) is where speed is measured. The front end's: the
/// engine only reports its phases (`BuildEngine.phaseFinished`).
final class PhaseTimer: @unchecked Sendable {
    static let shared = PhaseTimer()
    private let enabled = ProcessInfo.processInfo.environment["ASSETSMITH_TIMINGS"] == "1"
    private var last = ProcessInfo.processInfo.systemUptime
    private var exitMarked = false

    func mark(_ phase: String) {
        guard enabled else { return }
        if !exitMarked {
            // The last line is the process's own end (a peak past the last phase shows there).
            exitMarked = true
            atexit { PhaseTimer.shared.mark("exit") }
        }
        let now = ProcessInfo.processInfo.systemUptime
        FileHandle.standardError.write(Data((String(format: "timing: %-28@ %7.1f ms", phase, (now - last) * 1000)
            + Self.peakMemory() + "\n").utf8))
        last = now
    }

    /// `  peak 123 MB`, or nothing where the peak is not known.
    private static func peakMemory() -> String {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return "" }
        return "  peak \(kilobytes / 1024) MB"
        #else
        return ""
        #endif
    }
}
