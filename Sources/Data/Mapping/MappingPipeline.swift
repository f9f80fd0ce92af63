import Domain

/// Runs a mapping in one pass: root key path, key paths, transformers, conditions, merge,
/// upsert by id.
public struct MappingPipeline<Entity: Sendable & Equatable>: Sendable {
    public let mapping: EntityMapping<Entity>

    public init(_ mapping: EntityMapping<Entity>) { self.mapping = mapping }

    /// Maps every record of `body` and upserts it into `stored` by id.
    /// - Parameters:
    ///   - localEdits: unsynced edits by id, merged by the attributes' pickers.
    ///   - isComplete: a stored record missing from the body is deleted.
    /// - Throws: only for the body as a whole; a bad record is rejected.
    public func run(
        _ body: JSONValue,
        stored: [String: Entity],
        localEdits: [String: Entity] = [:],
        isComplete: Bool = false
    ) throws(MappingFailure) -> MappingResult<Entity> {
        run(
            records: try mapping.records(in: body), stored: stored, localEdits: localEdits,
            isComplete: isComplete)
    }

    /// Over records already taken from a body.
    public func run(
        records: [JSONValue],
        stored: [String: Entity],
        localEdits: [String: Entity] = [:],
        isComplete: Bool = false
    ) -> MappingResult<Entity> {
        var result = MappingResult<Entity>()
        result.items.reserveCapacity(records.count)
        var seen: [String: Int] = [:]
        for (index, record) in records.enumerated() {
            let entity: Entity
            let id: String
            do throws(MappingFailure) {
                entity = try mapping.entity(from: record)
                id = mapping.id(of: entity)
                if let reason = mapping.refusal(of: entity) { throw MappingFailure(reason) }
                if let first = seen[id] { throw MappingFailure("repeats the id of record \(first)") }
            } catch {
                result.rejected.append(
                    RejectedRecord(id: mapping.rawID(of: record), index: index, reason: error.reason))
                continue
            }
            seen[id] = index
            var shown = entity
            if let local = localEdits[id] {
                do {
                    let merged = try mapping.merge(stored: stored[id], local: local, incoming: entity)
                    result.conflicts += merged.conflicts
                    if let value = merged.entity { shown = value } else { result.unmerged.append(id) }
                } catch {
                    result.unmerged.append(id)
                }
            }
            switch stored[id] {
            case nil: result.inserted.append(id)
            case entity?: result.unchanged.append(id)
            default: result.updated.append(id)
            }
            result.items.append(MappingResult.Item(id: id, entity: shown, received: entity))
        }
        if isComplete { result.completed(against: stored) }
        return result
    }
}
