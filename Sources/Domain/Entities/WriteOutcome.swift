/// How far a write got.
public enum WriteOutcome: Sendable, Hashable {
    case confirmed
    /// The server could not be reached: the next sync pushes it.
    case pending
}
