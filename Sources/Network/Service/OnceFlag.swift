import Foundation

/// Says yes once, from any thread.
final class OnceFlag: @unchecked Sendable {
    // `@unchecked`: `done` is only touched while `lock` is held.
    private let lock = NSLock()
    private var done = false

    func firstTime() -> Bool {
        lock.withLock {
            defer { done = true }
            return !done
        }
    }
}
