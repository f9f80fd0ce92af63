import Domain
import Foundation

/// The push half of `sync(progress:)`: each pending change sent oldest first, with `If-Match`
/// on a replace, an `Idempotency-Key` on a create, a 412 merged and sent again, a 404 dropped.
extension OfflineFirstHeroRepository {
    /// What pushing the pending changes did.
    struct PushReport: Sendable {
        var pushed: [Hero.ID] = []
        var dropped: [Hero.ID] = []
        var conflicts: [SyncConflict] = []
    }

    /// Pushes the pending changes oldest first; each confirmed one leaves the store with the
    /// server's record in the same commit.
    func pushPending() async throws -> PushReport {
        var report = PushReport()
        var serverIDs: [String: String] = [:]  // local id → the server's
        var versions: [String: Int] = [:]  // the version each pushed hero is at now
        var blocked: Set<String> = []  // ids whose earlier change stays pending
        var gone: Set<String> = []  // ids the server no longer has: later changes go with them
        for queued in try await store.read({ try $0.pending() }).changes {
            let key = serverIDs[queued.id] ?? queued.id
            guard !blocked.contains(key) else { continue }
            guard !gone.contains(key) else {
                try await store.write { try $0.removePending(queued.sequence) }
                continue
            }
            switch queued.kind {
            case .create:
                guard let input = queued.input else { continue }
                guard let (record, tag) = try await pushCreate(queued, input: input, report: &report) else {
                    blocked.insert(key)
                    continue
                }
                let hero = try RemoteHeroDataSource.hero(from: record)
                let serverID = hero.id.rawValue
                serverIDs[queued.id] = serverID
                versions[serverID] = hero.version
                try await store.write { writer in
                    var queue = try writer.pending()
                    queue.remove(queued.sequence)
                    for index in queue.changes.indices where queue.changes[index].id == queued.id {
                        queue.changes[index].id = serverID
                        queue.changes[index].expectedVersion = hero.version
                        queue.changes[index].base = record
                    }
                    try writer.setPending(queue)
                    try writer.setHero(serverID, to: Self.stored(record, id: serverID, tag: tag))
                }
                report.pushed.append(hero.id)
            case .replace:
                let outcome = try await pushReplace(
                    queued, id: key, expectedVersion: versions[key] ?? queued.expectedVersion)
                report.conflicts += outcome.conflicts
                if let version = outcome.version {
                    versions[key] = version
                    if let id = try? Hero.ID(key) { report.pushed.append(id) }
                } else if outcome.dropped {
                    gone.insert(key)
                    if let id = try? Hero.ID(key) { report.dropped.append(id) }
                } else {
                    blocked.insert(key)
                }
            case .delete:
                guard let id = try? Hero.ID(key) else { continue }
                do {
                    try await remote.delete(id, expectedVersion: versions[key] ?? queued.expectedVersion)
                    report.pushed.append(id)
                } catch DomainError.notFound {
                    gone.insert(key)
                    report.dropped.append(id)
                } catch DomainError.preconditionFailed {
                    report.conflicts.append(
                        SyncConflict(
                            id: id, field: .version,
                            local: "deleted at version \(queued.expectedVersion ?? 0)",
                            incoming: "changed on the server", outcome: .stillPending))
                    blocked.insert(key)
                    continue
                }
                try await store.write { writer in
                    try writer.removePending(queued.sequence)
                    try writer.setHero(key, to: nil)
                }
            }
        }
        return report
    }

    /// Pushes one create with its `Idempotency-Key`: a server that already applied it (a sync
    /// killed after the POST) answers the same hero. One that ignores the key refuses the
    /// repeat as a taken code name; then the hero of that name is read back and adopted only if
    /// every field is what was sent. Otherwise it is somebody else's: `nil`, with a conflict.
    private func pushCreate(_ queued: PendingChange, input: HeroInputDTO, report: inout PushReport)
        async throws
        -> (record: JSONValue, entityTag: String?)?
    {
        do {
            return try await remote.createRecord(
                input, idempotencyKey: queued.idempotencyKey ?? PendingChange.newIdempotencyKey())
        } catch DomainError.conflict(let why) {
            if let adopted = try await heroSentBefore(input) { return adopted }
            if let id = try? Hero.ID(queued.id) {
                report.conflicts.append(
                    SyncConflict(
                        id: id, field: .codeName, local: input.codeName, incoming: why, outcome: .stillPending
                    ))
            }
            return nil
        }
    }

    /// The server's hero whose code name is `input`'s, if every field of it is `input`'s.
    private func heroSentBefore(_ input: HeroInputDTO) async throws -> (
        record: JSONValue, entityTag: String?
    )? {
        let query = try HeroQuery(page: 1, perPage: HeroQuery.perPageRange.upperBound, text: input.codeName)
        guard let body = try await remote.pageBody(matching: query).content else { return nil }
        let result = HeroMapping.pipeline.run(records: body.records, stored: [:])
        for item in result.items where item.entity.codeName == input.codeName {
            return HeroInputDTO(item.entity) == input ? (item.record, nil) : nil
        }
        return nil
    }

    /// What pushing one replacement gave: the new version, or dropped, or neither (pending).
    private struct ReplaceOutcome {
        var version: Int?
        var dropped = false
        var conflicts: [SyncConflict] = []
    }

    /// Pushes one replacement; on 412, merges it with the server's current record by the
    /// attributes' pickers and pushes the result once; on 404, drops it.
    private func pushReplace(_ queued: PendingChange, id key: String, expectedVersion: Int?) async throws
        -> ReplaceOutcome
    {
        guard let input = queued.input, let id = try? Hero.ID(key) else {
            return ReplaceOutcome(dropped: true)
        }
        do {
            let (record, tag) = try await remote.replaceRecord(
                id, with: input, expectedVersion: expectedVersion)
            let hero = try RemoteHeroDataSource.hero(from: record)
            try await confirm(queued, id: key, record: record, tag: tag)
            return ReplaceOutcome(version: hero.version)
        } catch DomainError.notFound {
            try await store.write { writer in
                try writer.removePending(queued.sequence)
                try writer.setHero(key, to: nil)
            }
            return ReplaceOutcome(dropped: true)
        } catch DomainError.preconditionFailed {
            return try await mergeAndPush(queued, id: id, input: input)
        }
    }

    /// The 412 path: the server's record, the stored one the edit started from and the edit,
    /// merged attribute by attribute; the merged hero is pushed once.
    private func mergeAndPush(_ queued: PendingChange, id: Hero.ID, input: HeroInputDTO) async throws
        -> ReplaceOutcome
    {
        let reply = try await remote.heroRecord(id)
        guard let current = reply.content else {
            throw DomainError.badData("the server answered 304 to an unconditional read")
        }
        let currentTag = reply.entityTag
        let (storedRecord, teams) = try await store.read { reader in
            (try reader.hero(id.rawValue)?.record, try reader.mappedTeams())
        }
        let baseRecord = queued.base ?? storedRecord
        let base = baseRecord.flatMap { try? HeroMapping.mapping.entity(from: $0) }
        guard
            let local = PendingQueue.localHero(
                id: id.rawValue, input: input, base: base, madeAt: queued.madeAt, teams: teams)
        else { return ReplaceOutcome() }
        let stored = baseRecord.map { [id.rawValue: $0] } ?? [:]
        let result = HeroMapping.pipeline.run(
            records: [current], stored: stored, localEdits: [id.rawValue: local])
        let conflicts = { (outcome: SyncConflict.Outcome) in
            result.conflicts.map {
                SyncConflict(
                    id: id, field: $0.field, local: $0.local, incoming: $0.incoming, outcome: outcome)
            }
        }
        guard let merged = result.items.first?.entity, result.unmerged.isEmpty else {
            try await store.write {
                try $0.setHero(id.rawValue, to: Self.stored(current, id: id.rawValue, tag: currentTag))
            }
            return ReplaceOutcome(conflicts: conflicts(.stillPending))
        }
        do {
            let (record, tag) = try await remote.replaceRecord(
                id, with: HeroInputDTO(merged), expectedVersion: merged.version)
            let hero = try RemoteHeroDataSource.hero(from: record)
            try await confirm(queued, id: id.rawValue, record: record, tag: tag)
            return ReplaceOutcome(version: hero.version, conflicts: conflicts(.localKept))
        } catch DomainError.preconditionFailed {
            return ReplaceOutcome(conflicts: conflicts(.stillPending))
        } catch DomainError.conflict(let why) {
            return ReplaceOutcome(
                conflicts: [
                    SyncConflict(
                        id: id, field: .request, local: input.codeName, incoming: why, outcome: .stillPending)
                ])
        }
    }

    /// The server confirmed `change`: it leaves the store, and the record it answered is stored.
    private func confirm(_ queued: PendingChange, id: String, record: JSONValue, tag: String?) async throws {
        try await store.write { writer in
            try writer.removePending(queued.sequence)
            try writer.setHero(id, to: Self.stored(record, id: id, tag: tag))
        }
    }
}

extension HeroStoreWriting {
    /// Removes one pending change.
    func removePending(_ sequence: Int) throws {
        var queue = try pending()
        queue.remove(sequence)
        try setPending(queue)
    }
}
