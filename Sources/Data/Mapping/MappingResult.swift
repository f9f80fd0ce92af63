import Domain

/// What one run of the pipeline gives: the entities to store, by id, and the change set against
/// what was stored.
public struct MappingResult<Entity: Sendable>: Sendable {
    /// A record kept: its id, the entity to show (merged with a local edit if there was one) and
    /// the entity as the server sent it, to store.
    public struct Item: Sendable {
        /// The id, as the store keys it.
        public let id: String
        /// The entity to show.
        public let entity: Entity
        /// The entity as received, before any merge with a local edit.
        public let received: Entity
    }

    /// The records kept, in the body's order.
    public internal(set) var items: [Item] = []
    /// Ids the store did not have.
    public internal(set) var inserted: [String] = []
    /// Ids the store had in another form.
    public internal(set) var updated: [String] = []
    /// Ids the store had exactly so.
    public internal(set) var unchanged: [String] = []
    /// Ids the store had and a complete body no longer holds.
    public internal(set) var deleted: [String] = []
    /// Records skipped, with their reasons.
    public internal(set) var rejected: [RejectedRecord] = []
    /// Attributes a local edit and the incoming record both changed.
    public internal(set) var conflicts: [AttributeConflict] = []
    /// Ids whose local edit could not be merged (a picker refused).
    public internal(set) var unmerged: [String] = []
}
