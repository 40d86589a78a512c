import Dispatch
import Foundation

/// Runs `body` over `items` on `threads` threads (work is handed out one item at a time, so
/// a slow item does not hold up a whole chunk) and returns the results in input order.
package func parallelMap<T: Sendable, R: Sendable>(_ items: [T], threads: Int, _ body: @Sendable (T) -> R) -> [R] {
    let box = ResultBox<R>(count: items.count)
    let workers = max(1, min(threads, items.count))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while true {
            box.lock.lock()
            let index = box.next
            box.next += 1
            box.lock.unlock()
            guard index < items.count else { return }
            let result = body(items[index])
            box.lock.lock()
            box.results[index] = result
            box.lock.unlock()
        }
    }
    return box.results.compactMap { $0 }
}

/// Shared state of one `parallelMap`: the next item to hand out and the results so far.
private final class ResultBox<R>: @unchecked Sendable {
    let lock = NSLock()
    var next = 0
    var results: [R?]
    init(count: Int) { results = Array(repeating: nil, count: count) }
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
