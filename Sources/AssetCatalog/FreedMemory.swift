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
