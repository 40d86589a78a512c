import Foundation

/// Results of `DispatchQueue.concurrentPerform`, one slot an iteration, behind a lock.
final class Slots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Value]

    init(count: Int, empty: Value) {
        slots = Array(repeating: empty, count: count)
    }

    func set(_ index: Int, _ value: Value) {
        lock.withLock { slots[index] = value }
    }

    var values: [Value] { lock.withLock { slots } }
}
