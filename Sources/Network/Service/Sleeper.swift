import Foundation

/// Injected so tests can record waits instead of sleeping.
public protocol Sleeper: Sendable {
    /// Throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}
