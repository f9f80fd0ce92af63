import Domain

/// Runs an entity's mapping over a response in Zeus's order, in one pass over the records:
/// root key path, key paths, transformers, should-store conditions, merge, upsert by id.
public struct MappingPipeline<Entity: Sendable>: Sendable {
    /// The entity's mapping.
    public let mapping: EntityMapping<Entity>

    /// A pipeline for `mapping`.
    public init(_ mapping: EntityMapping<Entity>) { self.mapping = mapping }

    /// Maps every record of `body` and upserts it into `stored` (wire records by id).
    /// - Parameters:
    ///   - localEdits: entities with unsynced local edits, by id; each is merged with its
    ///     incoming record by the attributes' pickers.
    ///   - isComplete: the body holds every record there is, so a stored record missing from it
    ///     is deleted (one that was rejected is kept as stored).
    ///   - firstIndex: the index of the body's first record, when bodies are parts of one run.
    /// - Throws: `MappingFailure` only when the body as a whole has no records where the
    ///   mapping says; a bad record is rejected, never thrown.
    public func run(
        _ body: JSONValue,
        stored: [String: JSONValue],
        localEdits: [String: Entity] = [:],
        isComplete: Bool = false,
        firstIndex: Int = 0
    ) throws(MappingFailure) -> MappingResult<Entity> {
        try run(
            records: mapping.records(in: body), stored: stored, localEdits: localEdits,
            isComplete: isComplete, firstIndex: firstIndex)
    }

    /// The same over records already taken from their bodies, as trees.
    public func run(
        records: [JSONValue],
        stored: [String: JSONValue],
        localEdits: [String: Entity] = [:],
        isComplete: Bool = false,
        firstIndex: Int = 0
    ) -> MappingResult<Entity> {
        run(
            records: records.map(mapping.layout.read), stored: stored, localEdits: localEdits,
            isComplete: isComplete, firstIndex: firstIndex)
    }

    /// The same over records read by the mapping's layout (`WireBody`'s).
    public func run(
        records: [WireRecord],
        stored: [String: JSONValue],
        localEdits: [String: Entity] = [:],
        isComplete: Bool = false,
        firstIndex: Int = 0
    ) -> MappingResult<Entity> {
        var result = MappingResult<Entity>(stored: stored)
        result.items.reserveCapacity(records.count)
        var seen: [String: Int] = [:]
        var kept = Set<String>()
        for (offset, record) in records.enumerated() {
            let index = firstIndex + offset
            let rawID = mapping.rawID(of: record)
            let reject = { (reason: String) in
                result.rejected.append(RejectedRecord(id: rawID, index: index, reason: reason))
                if let rawID { kept.insert(rawID) }
            }
            let entity: Entity
            do {
                entity = try mapping.entity(from: record)
            } catch {
                reject(error.reason)
                continue
            }
            if let reason = mapping.refusal(of: entity) {
                reject(reason)
                continue
            }
            let id = mapping.id(of: entity)
            if let first = seen[id] {
                reject("repeats the id of record \(first)")
                continue
            }
            seen[id] = index
            if isComplete { kept.insert(id) }
            var shown = entity
            if let local = localEdits[id] {
                let base = stored[id].flatMap { try? mapping.entity(from: $0) }
                do {
                    let merged = try mapping.merge(stored: base, local: local, incoming: entity)
                    result.conflicts += merged.conflicts
                    if let value = merged.entity { shown = value } else { result.unmerged.append(id) }
                } catch {
                    result.unmerged.append(id)
                }
            }
            // The tree is made only to compare with a stored one: a new record keeps its wire form.
            var tree: JSONValue?
            if let old = stored[id] {
                let new = record.tree
                if old == new { result.unchanged.append(id) } else { result.updated.append(id) }
                tree = new
            } else {
                result.inserted.append(id)
            }
            result.items.append(MappingResult.Item(id: id, entity: shown, wire: record, tree: tree))
        }
        if isComplete {
            for id in stored.keys where !kept.contains(id) { result.deleted.append(id) }
            result.deleted.sort()
        }
        return result
    }
}
