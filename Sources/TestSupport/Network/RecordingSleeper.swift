import Locking
import Network

/// Records each wait and returns at once, but throws on cancellation, like `Task.sleep`.
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
