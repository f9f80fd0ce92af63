import Foundation

/// A flag that says yes once, from any thread.
final class OnceFlag: @unchecked Sendable {
    // `@unchecked` is safe: `done` is only touched while `lock` is held.
    private let lock = NSLock()
    private var done = false

    /// True the first time only.
    func firstTime() -> Bool {
        lock.withLock {
            defer { done = true }
            return !done
        }
    }
}
