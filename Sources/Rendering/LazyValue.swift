import Foundation

/// A value computed at most once, on first use, from any thread.
///
/// The first caller computes under the lock; later callers wait for it and share the result.
final class LazyValue<Value: Sendable>: @unchecked Sendable {
    private let once = Once<Value>()
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        self.make = make
    }

    /// The value, computed now if no one has asked before.
    func get() -> Value { once.get(make) }
}

/// A value made by the first caller of `get`; later callers wait for it and share it. (Unlike
/// `LazyValue`, it keeps no closure, so a memo holding it holds no reference back to its source.)
final class Once<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?

    func get(_ make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        let made = make()
        value = made
        return made
    }
}
