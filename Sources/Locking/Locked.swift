import Foundation

/// A value behind a lock, with `Mutex`'s `withLock` shape, that ThreadSanitizer can see.
///
/// Not `Synchronization.Mutex`: on Linux a contended `Mutex` is handed over by the kernel
/// (`FUTEX_LOCK_PI`) inside the uninstrumented standard library, so ThreadSanitizer misses the
/// happens-before edge and reports a race on every contended critical section (docs/QUALITY.md
/// has the two-thread reproduction). `NSLock` is a `pthread_mutex_t`, which TSan intercepts.
///
/// `@unchecked Sendable` is safe for the reason `Mutex` is `Sendable`: `value` is only touched
/// while `lock` is held, it comes in as `sending`, and `withLock` hands it to `body` as
/// `inout sending` and takes back a `sending` result, so no reference into it escapes the lock.
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
