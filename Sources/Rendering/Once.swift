import Foundation

/// A value made by the first caller of `get`; later callers wait for it and share it. (It keeps
/// no closure, so a memo holding it holds no reference back to its source.)
package final class Once<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?

    package init() {}

    /// The value, if a caller of `get` has made it.
    package var made: Value? {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    /// Drops the value made (a later `get` makes it again).
    package func clear() {
        lock.lock()
        defer { lock.unlock() }
        value = nil
    }

    package func get(_ make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        let made = make()
        value = made
        return made
    }
}
