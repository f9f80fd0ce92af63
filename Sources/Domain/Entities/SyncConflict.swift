/// One field that an unsynced local edit and the server both changed.
public struct SyncConflict: Sendable, Hashable, CustomStringConvertible {
    public enum Outcome: Sendable, Hashable {
        /// The local value was kept and sent to the server.
        case localKept
        /// Nothing was sent: the local edit is still pending.
        case stillPending
    }

    public let id: Hero.ID
    public let field: Field
    /// As text.
    public let local: String
    /// As text.
    public let incoming: String
    public let outcome: Outcome

    public init(id: Hero.ID, field: Field, local: String, incoming: String, outcome: Outcome) {
        self.id = id
        self.field = field
        self.local = local
        self.incoming = incoming
        self.outcome = outcome
    }

    /// `0007 codeName: local 'A', server 'B' (kept local)`.
    public var description: String {
        let ending = outcome == .localKept ? "kept local" : "still pending"
        return "\(id) \(field): local '\(local)', server '\(incoming)' (\(ending))"
    }
}
