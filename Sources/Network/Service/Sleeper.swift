import Foundation

/// Waits; injected so tests can record waits instead of sleeping.
public protocol Sleeper: Sendable {
    /// Returns after `duration`, or throws `CancellationError` when the task is cancelled.
    func sleep(for duration: Duration) async throws
}
