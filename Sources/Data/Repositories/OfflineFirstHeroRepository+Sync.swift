import Domain
import Foundation

/// `sync(progress:)`: push the pending changes, oldest first, then pull every page and run them through
/// `HeroMapping`'s pipeline into the store in one step. (The push is in
/// OfflineFirstHeroRepository+Push.swift.)
extension OfflineFirstHeroRepository {
    /// Pushes every pending change with `If-Match`, then pulls every page and the teams, and
    /// merges the pages into the store by id. A fault anywhere throws and leaves the store whole: each change leaves
    /// the store only once the server confirmed it, and the pull is stored in one step or not
    /// at all.
    public func sync(progress: @escaping @Sendable (SyncProgress) -> Void) async throws -> HeroChangeSet {
        let push = try await pushPending()
        let bodies = try await pullEveryPage(progress: progress)
        // The teams too, so that everything a command reads can answer offline after a sync.
        _ = try await teams()
        // Read before the commit, so the writers' lock is held only while the commit is made.
        let storedRecords = try await store.read { reader in
            var records: [String: JSONValue] = [:]
            for id in try reader.heroIDs(in: 0..<reader.heroCount()) {
                records[id] = try reader.hero(id)?.record
            }
            return records
        }
        let pulled = try await store.write { writer in
            let overlay = try Overlay(writer)
            let localEdits = Dictionary(
                overlay.pending.changes.compactMap { queued -> (String, Hero)? in
                    let base = storedRecords[queued.id].flatMap { try? HeroMapping.mapping.entity(from: $0) }
                    guard
                        case .hero(let hero) = overlay.pending.overlay(
                            queued.id, on: base, teams: overlay.teams)
                    else { return nil }
                    return (queued.id, hero)
                }
            ) { first, _ in first }
            let result = HeroMapping.pipeline.run(
                records: bodies, stored: storedRecords, localEdits: localEdits, isComplete: true)
            // Only what changed is written: a sync where one hero changed writes one hero.
            let changed = Set(result.inserted).union(result.updated)
            for item in result.items where changed.contains(item.id) {
                try writer.setHero(item.id, to: Self.stored(mapped: item.record, id: item.id, tag: nil))
            }
            for id in result.deleted { try writer.setHero(id, to: nil) }
            try writer.setHoldsRoster(true)
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

    /// The most heroes a sync takes; a server whose roster is larger ends the sync as bad data.
    public static let maximumSyncedHeroes = 100_000

    /// Every record of every page, in order, telling `progress` after each page; nothing is
    /// stored until all have arrived. Pages that contradict each other mean the roster moved while
    /// it was read (a create shifts every later hero): the pull starts again, at most twice.
    private func pullEveryPage(progress: @Sendable (SyncProgress) -> Void) async throws -> [WireRecord] {
        for _ in 0..<3 {
            if let records = try await pullOnce(progress: progress) { return records }
        }
        throw DomainError.conflict("the roster changed during the sync; try again")
    }

    /// One pass over the pages, ending at the first short or empty one; nil when the pages
    /// disagree (an id seen twice, another total, more or fewer heroes than the total), so that a
    /// hero merely not seen is never taken as deleted.
    private func pullOnce(progress: @Sendable (SyncProgress) -> Void) async throws -> [WireRecord]? {
        var records: [WireRecord] = []
        var ids: Set<JSONValue> = []
        var total: Int?
        var page = 1
        while true {
            let query = try HeroQuery(page: page, perPage: syncPageSize)
            guard let body = try await remote.pageBody(matching: query).content else {
                throw DomainError.badData("the server answered a sync page with 304 without being asked")
            }
            let numbers = try HeroPageBody.numbers(of: body)
            guard numbers.total <= Self.maximumSyncedHeroes else {
                throw DomainError.badData(
                    "the roster holds \(numbers.total) heroes, more than the \(Self.maximumSyncedHeroes) a sync takes"
                )
            }
            guard total == nil || total == numbers.total else { return nil }
            total = numbers.total
            let pageRecords = body.records
            for record in pageRecords {
                if let id = record.value(at: ["id"]), !ids.insert(id).inserted { return nil }
            }
            records += pageRecords
            guard records.count <= numbers.total else { return nil }
            let seen = HeroPage(items: [], page: numbers.page, perPage: numbers.perPage, total: numbers.total)
            progress(SyncProgress(pagesPulled: page, pageCount: max(page, seen.pageCount)))
            if pageRecords.count < numbers.perPage || records.count == numbers.total { break }
            page += 1
        }
        return records.count == total ? records : nil
    }
}
