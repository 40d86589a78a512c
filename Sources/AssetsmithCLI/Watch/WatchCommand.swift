import ArgumentParser
import Dispatch
import AssetCore
import Foundation
import VectorWorkers

/// `assetsmith watch`: build once, then rebuild whatever a saved file touches, until Ctrl-C.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Build, then watch the manifest, its sources and the templates and rebuild on every save.")

    @OptionGroup var options: ManifestOptions

    @OptionGroup var render: RenderOptions

    @OptionGroup var terminal: TerminalOptions

    @Flag(name: .long, help: "Treat warnings as errors (shown as errors and counted on each rebuild's line).")
    var strict = false

    @Option(name: .long, help: "Milliseconds without file events before a rebuild starts (an editor's save is several events).")
    var debounce: Int = 30

    /// At most a minute: beyond it a save would seem lost (and a huge value overflows the timer).
    static let debounceRange = 0...60_000

    func validate() throws {
        if !Self.debounceRange.contains(debounce) {
            throw ValidationError("--debounce \(debounce) is out of range: give 0 to 60000 milliseconds")
        }
    }

    func run() throws {
        let printer = DiagnosticPrinter(terminal)
        let workers = render.makeSandbox()
        // Ctrl-C ends a watch session normally (exit 0); SIGTERM and SIGHUP as a build does.
        SignalExit.install(stopping: workers) { number in
            guard number == SIGINT else { return 128 + number }
            printer.line("stopped watching")
            return 0
        }
        let session = WatchSession(options: options, threads: render.threads, printer: printer, sandbox: workers,
                                   strictness: strict ? .strict : .standard)
        session.rebuild(changed: [])

        let events = EventQueue(quiet: Double(debounce) / 1000)
        let watcher = FileWatchers.system()
        do {
            try watcher.start(directories: session.directories) { paths in events.add(paths) }
        } catch {
            printer.line("error: cannot watch files: \(error)")
            throw ExitCode(1)
        }
        printer.line("watching \(session.directories.count) folder\(session.directories.count == 1 ? "" : "s") (Ctrl-C to stop)")

        while true {
            let batch = events.next().filter(session.matters)
            guard !batch.isEmpty else { continue }
            session.rebuild(changed: batch)
            watcher.update(directories: session.directories)
        }
    }
}

/// Thread-safe front of `ChangeBatcher`: the watcher thread adds, the main thread waits for batches.
final class EventQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var batcher: ChangeBatcher

    init(quiet: Double) {
        batcher = ChangeBatcher(quiet: quiet)
    }

    func add(_ paths: [String]) {
        condition.lock()
        batcher.add(paths, at: ProcessInfo.processInfo.systemUptime)
        condition.signal()
        condition.unlock()
    }

    /// Blocks until a batch is ready (no events for the quiet period) and returns it.
    func next() -> Set<String> {
        condition.lock()
        defer { condition.unlock() }
        while true {
            let now = ProcessInfo.processInfo.systemUptime
            if let batch = batcher.take(at: now) { return batch }
            if let deadline = batcher.deadline {
                _ = condition.wait(until: Date(timeIntervalSinceNow: max(0, deadline - now)))
            } else {
                condition.wait()
            }
        }
    }
}
