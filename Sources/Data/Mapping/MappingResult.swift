import Domain

/// One pipeline run: the entities to store and the change set against what was stored.
public struct MappingResult<Entity: Sendable>: Sendable {
    /// A record kept: the entity to show (merged) and the one received, to store.
    public struct Item: Sendable {
        /// The id, as the store keys it.
        public let id: String
        /// The entity to show.
        public let entity: Entity
        /// The entity as received, unmerged.
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
    /// Ids a complete body no longer holds.
    public internal(set) var deleted: [String] = []
    /// Records skipped, with their reasons.
    public internal(set) var rejected: [RejectedRecord] = []
    /// Attributes both sides changed.
    public internal(set) var conflicts: [AttributeConflict] = []
    /// Ids whose local edit a picker refused to merge.
    public internal(set) var unmerged: [String] = []
}

extension MappingResult {
    /// The results of one body's consecutive parts (a roster's pages, each run against the same
    /// `stored`) as one: rejected records numbered across the parts, and, for a complete body,
    /// every stored id that no part kept or rejected deleted.
    static func combining(_ parts: [MappingResult], stored: [String: Entity], isComplete: Bool)
        -> MappingResult
    {
        var whole = MappingResult()
        var offset = 0
        for part in parts {
            whole.items += part.items
            whole.inserted += part.inserted
            whole.updated += part.updated
            whole.unchanged += part.unchanged
            whole.conflicts += part.conflicts
            whole.unmerged += part.unmerged
            whole.rejected += part.rejected.map {
                RejectedRecord(id: $0.id, index: $0.index + offset, reason: $0.reason)
            }
            offset += part.items.count + part.rejected.count
        }
        if isComplete {
            let kept = Set(whole.items.map(\.id)).union(whole.rejected.compactMap(\.id))
            whole.deleted = stored.keys.filter { !kept.contains($0) }.sorted()
        }
        return whole
    }
}
