import Domain
import Foundation

/// `sync(progress:)`: push the pending changes, oldest first, then pull every page and run them through
/// `HeroMapping`'s pipeline into the store in one step.
extension OfflineFirstHeroRepository {
    /// What pushing the pending changes did.
    struct PushReport: Sendable {
        var pushed: [Hero.ID] = []
        var dropped: [Hero.ID] = []
        var conflicts: [SyncConflict] = []
    }

    /// Pushes every pending change with `If-Match`, then pulls every page and the teams, and
    /// merges the pages into the store by id. A fault anywhere throws and leaves the store whole: each change leaves
    /// the store only once the server confirmed it, and the pull is stored in one step or not
    /// at all.
    public func sync(progress: @escaping @Sendable (SyncProgress) -> Void) async throws -> HeroChangeSet {
        let push = try await pushPending()
        let bodies = try await pullEveryPage(progress: progress)
        // The teams too, so that everything a command reads can answer offline after a sync.
        _ = try await teams()
        let pulled = try await changeThrowing { cache in
            let localEdits = Dictionary(
                cache.pending.compactMap { queued -> (String, Hero)? in
                    guard case .hero(let hero) = cache.overlay(queued.id, on: cache.storedHero(queued.id))
                    else {
                        return nil
                    }
                    return (queued.id, hero)
                }
            ) { first, _ in first }
            let result = HeroMapping.pipeline.run(
                records: bodies, stored: cache.records, localEdits: localEdits, isComplete: true)
            var heroes: [String: HeroCache.StoredHero] = [:]
            for (id, record) in result.records {
                let tag = cache.heroes[id].flatMap { $0.hero == record ? $0.entityTag : nil }
                heroes[id] = HeroCache.StoredHero(
                    hero: record, entityTag: tag ?? HeroCache.contractTag(id: id, record: record))
            }
            cache.heroes = heroes
            cache.holdsRoster = true
            cache.pages = [:]
            return result
        }
        let ids = { (raw: [String]) in raw.compactMap { try? Hero.ID($0) }.sorted() }
        var conflicts = push.conflicts
        for conflict in pulled.conflicts {
            guard let id = try? Hero.ID(conflict.id),
                !conflicts.contains(where: { $0.id == id && $0.field == conflict.field })
            else { continue }
            conflicts.append(
                SyncConflict(
                    id: id, field: conflict.field, local: conflict.local, incoming: conflict.incoming,
                    outcome: .stillPending))
        }
        return HeroChangeSet(
            inserted: ids(pulled.inserted), updated: ids(pulled.updated), unchanged: ids(pulled.unchanged),
            deleted: ids(pulled.deleted), rejected: pulled.rejected, conflicts: conflicts,
            pushed: push.pushed,
            dropped: push.dropped)
    }

    /// Every record of every page, in order, telling `progress` after each page; nothing is
    /// stored until all have arrived.
    private func pullEveryPage(progress: @Sendable (SyncProgress) -> Void) async throws -> [JSONValue] {
        var records: [JSONValue] = []
        var page = 1
        while true {
            let query = try HeroQuery(page: page, perPage: syncPageSize)
            guard let body = try await remote.pageBody(matching: query).content else {
                throw DomainError.badData("the server answered a sync page with 304 without being asked")
            }
            let numbers = try HeroPageBody.numbers(of: body)
            let pageRecords = try RemoteHeroDataSource.mapped { () throws(MappingFailure) in
                try HeroMapping.mapping.records(in: body)
            }
            records += pageRecords
            let seen = HeroPage(items: [], page: numbers.page, perPage: numbers.perPage, total: numbers.total)
            progress(SyncProgress(pagesPulled: page, pageCount: max(page, seen.pageCount)))
            guard seen.hasNextPage, !pageRecords.isEmpty else { break }
            page += 1
        }
        return records
    }

    /// Pushes the pending changes oldest first; each confirmed one leaves the store with the
    /// server's record in the same step.
    private func pushPending() async throws -> PushReport {
        var report = PushReport()
        var serverIDs: [String: String] = [:]  // local id → the server's
        var versions: [String: Int] = [:]  // the version each pushed hero is at now
        var blocked: Set<String> = []  // ids whose earlier change stays pending
        var gone: Set<String> = []  // ids the server no longer has: later changes go with them
        for queued in await snapshot().pending {
            let key = serverIDs[queued.id] ?? queued.id
            guard !blocked.contains(key) else { continue }
            guard !gone.contains(key) else {
                await change { $0.removePending(queued.sequence) }
                continue
            }
            switch queued.kind {
            case .create:
                guard let input = queued.input else { continue }
                let (record, tag) = try await remote.createRecord(input)
                let hero = try RemoteHeroDataSource.hero(from: record)
                let serverID = hero.id.rawValue
                serverIDs[queued.id] = serverID
                versions[serverID] = hero.version
                await change { cache in
                    cache.removePending(queued.sequence)
                    for index in cache.pending.indices where cache.pending[index].id == queued.id {
                        cache.pending[index].id = serverID
                        cache.pending[index].expectedVersion = hero.version
                        cache.pending[index].base = record
                    }
                    cache.store(record, id: serverID, entityTag: tag)
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
                await change { cache in
                    cache.removePending(queued.sequence)
                    cache.remove(key)
                }
            }
        }
        return report
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
            await confirm(queued, id: key, record: record, tag: tag)
            return ReplaceOutcome(version: hero.version)
        } catch DomainError.notFound {
            await change { cache in
                cache.removePending(queued.sequence)
                cache.remove(key)
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
        let cache = await snapshot()
        let baseRecord = queued.base ?? cache.heroes[id.rawValue]?.hero
        let base = baseRecord.flatMap { try? HeroMapping.mapping.entity(from: $0) }
        guard let local = cache.localHero(id: id.rawValue, input: input, base: base, madeAt: queued.madeAt)
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
            await change { $0.store(current, id: id.rawValue, entityTag: currentTag) }
            return ReplaceOutcome(conflicts: conflicts(.stillPending))
        }
        do {
            let (record, tag) = try await remote.replaceRecord(
                id, with: HeroInputDTO(merged), expectedVersion: merged.version)
            let hero = try RemoteHeroDataSource.hero(from: record)
            await confirm(queued, id: id.rawValue, record: record, tag: tag)
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
    private func confirm(_ queued: PendingChange, id: String, record: JSONValue, tag: String?) async {
        await change { cache in
            cache.removePending(queued.sequence)
            cache.store(record, id: id, entityTag: tag)
        }
    }
}
