import Locking
import Network

/// Records each wait and returns at once, but throws on cancellation, like `Task.sleep`.
public final class RecordingSleeper: Sleeper {
    private let waits = Locked<[Duration]>([])

    public init() {}

    /// Oldest first.
    public var recorded: [Duration] { waits.withLock { $0 } }

    public func sleep(for duration: Duration) async throws {
        waits.withLock { $0.append(duration) }
        try Task.checkCancellation()
    }
}
