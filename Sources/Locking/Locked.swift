import Foundation

/// `Mutex`'s `withLock` shape on an `NSLock`, which ThreadSanitizer intercepts: a contended `Mutex`
/// is handed over inside the uninstrumented standard library, so TSan reports false races.
/// `@unchecked Sendable` as `Mutex` is: `value` comes in `sending` and is touched under `lock` only.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    public init(_ value: sending Value) { self.value = value }

    public func withLock<Result, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
