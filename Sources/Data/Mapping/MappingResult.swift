import Domain

/// One pipeline run: the entities to store and the change set against what was stored.
public struct MappingResult<Entity: Sendable>: Sendable {
    /// A record kept: the entity to show (merged) and the one received, to store.
    public struct Item: Sendable {
        public let id: String
        public let entity: Entity
        public let received: Entity
    }

    /// In the body's order.
    public internal(set) var items: [Item] = []
    /// Ids the store did not have.
    public internal(set) var inserted: [String] = []
    /// Ids the store had in another form.
    public internal(set) var updated: [String] = []
    /// Ids the store had exactly so.
    public internal(set) var unchanged: [String] = []
    /// Ids a complete body no longer holds.
    public internal(set) var deleted: [String] = []
    public internal(set) var rejected: [RejectedRecord] = []
    public internal(set) var conflicts: [AttributeConflict] = []
    /// Ids whose local edit a picker refused to merge.
    public internal(set) var unmerged: [String] = []
}

extension MappingResult {
    /// Adds the next part of one body (a roster's next page, against the same stored records),
    /// numbering its rejected records after these.
    mutating func append(_ part: MappingResult) {
        let offset = items.count + rejected.count
        items += part.items
        inserted += part.inserted
        updated += part.updated
        unchanged += part.unchanged
        conflicts += part.conflicts
        unmerged += part.unmerged
        rejected += part.rejected.map {
            RejectedRecord(id: $0.id, index: $0.index + offset, reason: $0.reason)
        }
    }

    /// For a whole body: marks deleted every stored id no part kept or rejected.
    mutating func completed(against stored: [String: Entity]) {
        let kept = Set(items.map(\.id)).union(rejected.compactMap(\.id))
        deleted = stored.keys.filter { !kept.contains($0) }.sorted()
    }
}
