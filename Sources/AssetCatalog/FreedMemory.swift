import Foundation

/// How a build keeps glibc's heap from holding memory it freed (issue 38: at 50,000 assets the
/// peak counted ~150 MB of freed pages). Nothing to do elsewhere.
package enum FreedMemory {
    /// Large blocks (tables, lists, encoded parts) are mapped and unmapped on their own from
    /// glibc's default size of 128 KiB, instead of that size rising after each one is freed until
    /// they come from the heap and leave holes in it.
    package static func keepLargeBlocksMapped() {
        #if os(Linux)
        _ = mallocOption(-3, 128 * 1024) // M_MMAP_THRESHOLD
        #endif
    }

    /// Keeps `value` until the process exits, which lets its memory go at once: a command's large
    /// values whose freeing is the last thing it would do (a verify's plan and build record of
    /// 50,000 assets took 0.25 s to free, issue 50). For a command line's values only: a server
    /// would keep every call's.
    package static func keepUntilExit(_ value: Any) {
        KeptUntilExit.shared.keep(value)
    }

    /// Hands the pages of freed memory back to the system (after drawing, and as the writer lets
    /// drawn files go), so that they are not counted while the heap grows elsewhere.
    package static func release() {
        #if os(Linux)
        _ = mallocTrim(0)
        #endif
    }
}

#if os(Linux)
@_silgen_name("malloc_trim")
private func mallocTrim(_ pad: Int) -> Int32

@_silgen_name("mallopt")
private func mallocOption(_ option: Int32, _ value: Int32) -> Int32
#endif

/// What `FreedMemory.keepUntilExit` keeps.
private final class KeptUntilExit: @unchecked Sendable {
    static let shared = KeptUntilExit()
    private let lock = NSLock()
    private var values: [Any] = []

    func keep(_ value: Any) {
        lock.withLock { values.append(value) }
    }
}
