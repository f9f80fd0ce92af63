import Foundation

/// A value behind a lock, with `Mutex`'s `withLock` shape, that ThreadSanitizer can see: a
/// contended `Mutex` is handed over inside the uninstrumented standard library, so TSan reports
/// false races (docs/QUALITY.md); `NSLock` is a `pthread_mutex_t`, which it intercepts.
/// `@unchecked Sendable` as `Mutex` is: `value` comes in `sending` and is touched under `lock` only.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Guards `value`.
    public init(_ value: sending Value) { self.value = value }

    /// Runs `body` on the value while holding the lock.
    public func withLock<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
