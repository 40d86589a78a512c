import Foundation

/// What a command keeps until the process ends instead of freeing it: `assetsmith build` runs one
/// build and exits, and taking its manifest, plan, engine and result apart object by object
/// (some 25 ms at 4,000 assets, issue 38) is work the exit does at once. Only for values a
/// command is done with just before it returns; a long-running command (watch, mcp) keeps nothing.
enum UntilExit {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keep(_ values: Any...) {
        lock.lock()
        kept.append(values)
        lock.unlock()
    }
}
