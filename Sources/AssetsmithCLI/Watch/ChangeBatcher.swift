/// Collects file-change events and releases them as one batch once no new event has arrived for
/// `quiet` seconds, so that an editor's save (write a temporary file, rename it over the original,
/// touch the folder) counts as one change. Pure: time is passed in, so tests drive it without clocks.
struct ChangeBatcher {
    /// Seconds without events before a batch is released.
    var quiet: Double
    private(set) var pending: Set<String> = []
    private var lastEvent: Double?

    init(quiet: Double) {
        self.quiet = quiet
    }

    mutating func add(_ paths: some Sequence<String>, at time: Double) {
        pending.formUnion(paths)
        lastEvent = time
    }

    /// When the pending batch will be ready; nil when nothing is pending.
    var deadline: Double? {
        guard !pending.isEmpty, let lastEvent else { return nil }
        return lastEvent + quiet
    }

    /// The batch, if it is ready at `time`; the batcher is empty afterwards.
    mutating func take(at time: Double) -> Set<String>? {
        guard let deadline, time >= deadline else { return nil }
        defer {
            pending = []
            lastEvent = nil
        }
        return pending
    }
}
