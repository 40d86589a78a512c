import Foundation

/// `ASSETSMITH_TIMINGS=1` prints how long each phase of a build took, to standard error, with
/// the CPU time this process spent in it (all its threads, not the SVG workers; the first line's
/// includes the process's start and the command line's parse), and the process's peak memory so
/// far and its memory now where the system tells them (Linux: `VmHWM`, `VmRSS`).
/// For profiling; the benchmark (`make bench`) is where speed is measured. The front end's: the
/// engine only reports its phases (`BuildEngine.phaseFinished`).
final class PhaseTimer: @unchecked Sendable {
    static let shared = PhaseTimer()
    private let enabled = ProcessInfo.processInfo.environment["ASSETSMITH_TIMINGS"] == "1"
    private var last = ProcessInfo.processInfo.systemUptime
    private var lastCPU = 0.0
    private var exitMarked = false

    func mark(_ phase: String) {
        guard enabled else { return }
        if !exitMarked {
            // The last line is the process's own end (a peak past the last phase shows there).
            exitMarked = true
            atexit { PhaseTimer.shared.mark("exit") }
        }
        let now = ProcessInfo.processInfo.systemUptime
        let cpu = Self.cpuSeconds()
        FileHandle.standardError.write(Data((String(format: "timing: %-28@ %7.1f ms  cpu %6.1f ms", phase, (now - last) * 1000,
                                                    (cpu - lastCPU) * 1000)
            + Self.peakMemory() + "\n").utf8))
        last = now
        lastCPU = cpu
    }

    /// User and system time of this process so far, in seconds.
    private static func cpuSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
        let who = RUSAGE_SELF.rawValue
        #else
        let who = RUSAGE_SELF
        #endif
        guard getrusage(who, &usage) == 0 else { return 0 }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// `  peak 123 MB  now 100 MB`, or nothing where the system does not tell.
    private static func peakMemory() -> String {
        #if os(Linux)
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return "" }
        func megabytes(_ key: String) -> Int? {
            status.split(separator: "\n").first { $0.hasPrefix(key) }
                .flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") }.map { $0 / 1024 }
        }
        guard let peak = megabytes("VmHWM:") else { return "" }
        return "  peak \(peak) MB" + (megabytes("VmRSS:").map { "  now \($0) MB" } ?? "")
        #else
        return ""
        #endif
    }
}
