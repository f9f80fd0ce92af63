import Domain

/// What one run of the pipeline gives: the records to store, by id, with their entities, and
/// the change set against what was stored.
public struct MappingResult<Entity: Sendable>: Sendable {
    /// A record kept: its id, its entity (merged with a local edit if there was one) and its
    /// wire form, to store as received.
    public struct Item: Sendable {
        /// The id, as the store keys it.
        public let id: String
        /// The entity.
        public let entity: Entity
        let wire: WireRecord
        let tree: JSONValue?

        /// The record as the server sent it: the JSON at each of the mapping's key paths.
        public var record: JSONValue { tree ?? wire.tree }
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

    /// The records stored before the run.
    let stored: [String: JSONValue]

    init(stored: [String: JSONValue]) { self.stored = stored }

    /// The stored records after upserting every kept one (and, for a complete body, removing
    /// the deleted ones); made when asked for.
    public var records: [String: JSONValue] {
        var records = stored
        for item in items { records[item.id] = item.record }
        for id in deleted { records[id] = nil }
        return records
    }
}
