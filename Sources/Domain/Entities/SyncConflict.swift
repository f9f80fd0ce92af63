/// One field that an unsynced local edit and the server both changed.
public struct SyncConflict: Sendable, Hashable, CustomStringConvertible {
    /// How the conflict ended.
    public enum Outcome: Sendable, Hashable {
        /// The local value was kept and sent to the server.
        case localKept
        /// Nothing was sent: the local edit is still pending.
        case stillPending
    }

    /// The hero.
    public let id: Hero.ID
    /// The field both sides changed.
    public let field: Field
    /// The local value, as text.
    public let local: String
    /// The server's value, as text.
    public let incoming: String
    /// What happened to the local edit.
    public let outcome: Outcome

    /// Stores the values as given.
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
