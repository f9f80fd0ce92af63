import Foundation

/// A value behind a lock, for state that threads share (Presentation may not import
/// Synchronization, so this is `NSLock` underneath).
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Guards `value`.
    init(_ value: Value) { self.value = value }

    /// Runs `body` on the value while holding the lock.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&value) }
    }
}
