import Foundation

/// The real sleeper: `Task.sleep`.
public struct TaskSleeper: Sleeper {
    /// A sleeper on the continuous clock.
    public init() {}

    /// Sleeps for `duration`.
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
