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

    /// Every record of every page, in order, telling `progress` after each page; nothing is
    /// stored until all have arrived.
    private func pullEveryPage(progress: @Sendable (SyncProgress) -> Void) async throws -> [WireRecord] {
        var records: [WireRecord] = []
        var page = 1
        while true {
            let query = try HeroQuery(page: page, perPage: syncPageSize)
            guard let body = try await remote.pageBody(matching: query).content else {
                throw DomainError.badData("the server answered a sync page with 304 without being asked")
            }
            let numbers = try HeroPageBody.numbers(of: body)
            let pageRecords = body.records
            records += pageRecords
            let seen = HeroPage(items: [], page: numbers.page, perPage: numbers.perPage, total: numbers.total)
            progress(SyncProgress(pagesPulled: page, pageCount: max(page, seen.pageCount)))
            guard seen.hasNextPage, !pageRecords.isEmpty else { break }
            page += 1
        }
        return records
    }
}
