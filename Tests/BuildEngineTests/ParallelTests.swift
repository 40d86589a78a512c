import Dispatch
import Foundation
import Testing
@testable import BuildEngine

/// `parallelMap` with two lanes: every item once, results in input order, and the lanes worked on
/// at the same time (a thread does not wait for the other lane to empty before starting its own).
@Suite struct ParallelTests {
    @Test(arguments: [1, 2, 3, 5])
    func everyItemOnceInInputOrder(threads: Int) {
        let items = Array(0..<50)
        let lock = NSLock()
        nonisolated(unsafe) var calls: [Int] = []
        let results = parallelMap(items, threads: threads, lane: { $0 % 3 == 0 }) { item -> Int in
            lock.withLock { calls.append(item) }
            return item * 10
        }
        #expect(results == items.map { $0 * 10 })
        #expect(calls.sorted() == items)
    }

    /// The first item of the "true" lane starts while the "false" lane still has work: here the
    /// "false" items wait for it (which one-lane hand-out would never reach with two threads).
    @Test func bothLanesStartAtOnce() {
        let started = DispatchSemaphore(value: 0)
        let results = parallelMap(["a1", "a2", "a3", "b"], threads: 2, lane: { $0 == "b" }) { item -> Bool in
            if item == "b" {
                for _ in 0..<3 { started.signal() }
                return true
            }
            return started.wait(timeout: .now() + 10) == .success
        }
        #expect(results == [true, true, true, true])
    }
}
