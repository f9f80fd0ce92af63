/// How far a write got: confirmed by the server, or kept locally until the next sync.
public enum WriteOutcome: Sendable, Hashable {
    /// The server confirmed it.
    case confirmed
    /// The server could not be reached: the write is a pending change that the next sync pushes.
    case pending
}
