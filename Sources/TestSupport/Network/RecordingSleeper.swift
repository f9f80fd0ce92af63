import Locking
import Network

/// A `Sleeper` that records each wait and returns at once, so retry timing is tested without
/// sleeping. It still throws when the task is cancelled, like `Task.sleep`.
public final class RecordingSleeper: Sleeper {
    private let waits = Locked<[Duration]>([])

    /// A sleeper with no waits recorded.
    public init() {}

    /// Every wait asked for, oldest first.
    public var recorded: [Duration] { waits.withLock { $0 } }

    /// Records `duration` and returns.
    public func sleep(for duration: Duration) async throws {
        waits.withLock { $0.append(duration) }
        try Task.checkCancellation()
    }
}
