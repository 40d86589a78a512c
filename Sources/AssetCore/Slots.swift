import Foundation

/// `transform` of each item, over the cores (at most 64 lanes, each taking every 64th item, so
/// thousands of small items do not cost a dispatch each); results in the items' order. For the
/// manifest's items, the catalog writer, the record and verify, which cannot use the engine's
/// `parallelMap` (they are below BuildEngine).
/// `lanes` caps the threads (nil: as many as the cores take; 1: on the calling thread alone).
package func concurrentMap<Item: Sendable, Value>(_ items: [Item], lanes most: Int? = nil, _ transform: @Sendable (Item) -> Value)
    -> [Value?] {
    let lanes = min(items.count, most ?? 64)
    let slots = Slots<Value?>(count: items.count, empty: nil)
    DispatchQueue.concurrentPerform(iterations: lanes) { lane in
        for index in stride(from: lane, to: items.count, by: lanes) { slots.set(index, transform(items[index])) }
    }
    return slots.values
}

/// Results of `DispatchQueue.concurrentPerform`, one slot an iteration, behind a lock.
private final class Slots<Value>: @unchecked Sendable {
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
