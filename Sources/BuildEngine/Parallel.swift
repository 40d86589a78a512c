import Dispatch
import Foundation

/// Runs `body` over `items` on `threads` threads (work is handed out one item at a time, so
/// a slow item does not hold up a whole chunk) and returns the results in input order.
package func parallelMap<T: Sendable, R: Sendable>(_ items: [T], threads: Int, _ body: @Sendable (T) -> R) -> [R] {
    parallelMap(items, threads: threads, lane: { _ in false }, body)
}

/// Like `parallelMap`, but hands each thread one contiguous chunk, for many cheap items where
/// per-item hand-out would cost more than the work; `body` maps a chunk and may keep state for it.
package func parallelChunks<T: Sendable, R: Sendable>(_ items: [T], threads: Int,
                                              _ body: @Sendable (ArraySlice<T>) -> [R]) -> [R] {
    let workers = max(1, min(threads, items.count / 64 + 1))
    let size = (items.count + workers - 1) / workers
    let chunks = stride(from: 0, to: items.count, by: max(1, size)).map { Array(items[$0..<min($0 + size, items.count)]) }
    return parallelMap(chunks, threads: workers) { body($0[...]) }.flatMap { $0 }
}

/// Like `parallelMap`, with the items in two lanes (`lane(item)`: false or true): each thread
/// takes from its own lane first (even threads false, odd threads true) and helps with the other
/// once its own is empty, so neither kind of work waits until the other is done. With one thread,
/// the false lane comes first.
package func parallelMap<T: Sendable, R: Sendable>(_ items: [T], threads: Int, lane: (T) -> Bool,
                                                   _ body: @Sendable (T) -> R) -> [R] {
    let lanes = [items.indices.filter { !lane(items[$0]) }, items.indices.filter { lane(items[$0]) }]
    let box = LaneBox<R>(count: items.count)
    let workers = max(1, min(threads, items.count))
    DispatchQueue.concurrentPerform(iterations: workers) { thread in
        let own = workers > 1 ? thread % 2 : 0
        while true {
            box.lock.lock()
            let from = box.next[own] < lanes[own].count ? own : 1 - own
            let position = box.next[from]
            box.next[from] += 1
            box.lock.unlock()
            guard position < lanes[from].count else { return }
            let index = lanes[from][position]
            let result = body(items[index])
            box.lock.lock()
            box.results[index] = result
            box.lock.unlock()
        }
    }
    return box.results.compactMap { $0 }
}

/// Shared state of a two-lane `parallelMap`: the next item of each lane and the results so far.
private final class LaneBox<R>: @unchecked Sendable {
    let lock = NSLock()
    var next = [0, 0]
    var results: [R?]
    init(count: Int) { results = Array(repeating: nil, count: count) }
}
