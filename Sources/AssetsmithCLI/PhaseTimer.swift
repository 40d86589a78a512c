import Foundation

/// `ASSETSMITH_TIMINGS=1` prints how long each phase of a build took, to standard error.
/// For profiling; the benchmark (`make bench`) is where speed is measured. The front end's: the
/// engine only reports its phases (`BuildEngine.phaseFinished`).
final class PhaseTimer: @unchecked Sendable {
    static let shared = PhaseTimer()
    private let enabled = ProcessInfo.processInfo.environment["ASSETSMITH_TIMINGS"] == "1"
    private var last = ProcessInfo.processInfo.systemUptime

    func mark(_ phase: String) {
        guard enabled else { return }
        let now = ProcessInfo.processInfo.systemUptime
        FileHandle.standardError.write(Data(String(format: "timing: %-28@ %7.1f ms\n", phase, (now - last) * 1000).utf8))
        last = now
    }
}
