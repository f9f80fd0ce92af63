import Domain
import Foundation

/// `sync(until:progress:)`: push pending changes, then pull every page (or stop at a 304 on page 1).
extension OfflineFirstHeroRepository {
    /// A fault leaves the store whole. The deadline keeps the heroes pulled by then, and nothing
    /// else: no hero is taken as deleted and the roster is not marked whole.
    public func sync(
        until deadline: ContinuousClock.Instant?, progress: @escaping @Sendable (SyncProgress) -> Void
    ) async throws -> HeroChangeSet {
        if case .cacheOnly(let reason) = policy { throw DomainError.unavailable(reason) }
        let push = try await pushPending()
        let rosterTag = try await store.read { try $0.holdsRoster() ? try $0.rosterTag() : nil }
        let pull: Pull?
        do {
            pull = try await pullEveryPage(ifNoneMatch: rosterTag, until: deadline, progress: progress)
        } catch let stopped as StoppedAtDeadline {
            try await store.write { try Self.storeReceived(stopped.pull.result, in: $0) }
            throw stopped.cause
        }
        // So every command can answer offline after a sync.
        _ = try await teams()
        try await forget(push.dropping)
        var pulled = MappingResult<Hero>()
        if let pull {
            pulled = pull.result
            pulled.completed(against: pull.stored)
            try await store.write { [pulled] writer in
                try Self.storeReceived(pulled, in: writer)
                for id in pulled.deleted { try writer.setHero(id, to: nil) }
                try writer.setHoldsRoster(true)
                // After the heroes: a later 304 means this roster is whole.
                try writer.setRosterTag(pull.firstPageTag)
            }
        } else {
            decided(.revalidated("the roster"))
            pulled.unchanged = try await store.read { try $0.heroIDs(in: 0..<$0.heroCount()) }
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

    private static func storeReceived(_ pulled: MappingResult<Hero>, in writer: any HeroStoreWriting) throws {
        let changed = Set(pulled.inserted).union(pulled.updated)
        for item in pulled.items where changed.contains(item.id) {
            try writer.setHero(item.id, to: stored(item.received, tag: nil))
        }
    }

    /// The stored heroes and pending edits to map pages against (the edits only for conflicts:
    /// the store always keeps the server's hero).
    private func mappingContext() async throws -> (stored: [String: Hero], localEdits: [String: Hero]) {
        let (stored, overlay) = try await store.read { reader in
            var heroes: [String: Hero] = [:]
            for id in try reader.heroIDs(in: 0..<reader.heroCount()) {
                heroes[id] = try reader.hero(id)?.hero
            }
            return (heroes, try Overlay(reader))
        }
        var localEdits: [String: Hero] = [:]
        for queued in overlay.pending.changes where localEdits[queued.id] == nil {
            localEdits[queued.id] = overlay.pending.shown(
                queued.id, base: stored[queued.id], teams: overlay.teams)
        }
        return (stored, localEdits)
    }

    /// More is bad data.
    public static let maximumSyncedHeroes = 100_000

    /// Pages are mapped as they arrive, so no more than one page's trees are held at once.
    struct Pull {
        var result = MappingResult<Hero>()
        var stored: [String: Hero] = [:]
        var localEdits: [String: Hero] = [:]
        var firstPageTag: String?
        var count: Int { result.items.count + result.rejected.count }
    }

    /// `nil` on a 304. Contradicting pages mean the roster moved: retry, twice.
    private func pullEveryPage(
        ifNoneMatch rosterTag: String?, until deadline: ContinuousClock.Instant?,
        progress: @Sendable (SyncProgress) -> Void
    ) async throws -> Pull? {
        for pass in 0..<3 {
            do {
                return try await pullOnce(
                    ifNoneMatch: pass == 0 ? rosterTag : nil, until: deadline, progress: progress)
            } catch is RosterMoved {
                continue
            }
        }
        throw DomainError.conflict("the roster changed during the sync; try again")
    }

    private struct RosterMoved: Error {}

    /// What was pulled when the deadline passed, and the error the page being asked for met.
    private struct StoppedAtDeadline: Error {
        let pull: Pull
        let cause: any Error
    }

    /// `RosterMoved` when pages disagree (an id twice, another total), so a hero merely not seen
    /// is never taken as deleted.
    private func pullOnce(
        ifNoneMatch rosterTag: String?, until deadline: ContinuousClock.Instant?,
        progress: @Sendable (SyncProgress) -> Void
    ) async throws -> Pull? {
        var pull = Pull()
        var ids: Set<JSONValue> = []
        var total: Int?
        var page = 1
        while true {
            let query = try HeroQuery(page: page, perPage: syncPageSize)
            let reply: Revalidated<JSONValue>
            do {
                reply = try await remote.pageBody(matching: query, ifNoneMatch: page == 1 ? rosterTag : nil)
            } catch  where deadline.map({ ContinuousClock.now >= $0 }) ?? false {
                throw StoppedAtDeadline(pull: pull, cause: error)
            }
            guard let body = reply.content else {
                guard page == 1, rosterTag != nil else {
                    throw DomainError.badData("the server answered a sync page with 304 without being asked")
                }
                progress(SyncProgress(pagesPulled: 1, pageCount: 1))
                return nil
            }
            if page == 1 {
                pull.firstPageTag = reply.entityTag
                (pull.stored, pull.localEdits) = try await mappingContext()
            }
            let numbers = try HeroPageBody.numbers(of: body)
            guard numbers.total <= Self.maximumSyncedHeroes else {
                throw DomainError.badData(
                    "the roster holds \(numbers.total) heroes, more than the \(Self.maximumSyncedHeroes) a sync takes"
                )
            }
            guard total == nil || total == numbers.total else { throw RosterMoved() }
            total = numbers.total
            let pageRecords = try HeroPageBody.records(of: body)
            for record in pageRecords {
                if let id = record[path: "id"], !ids.insert(id).inserted { throw RosterMoved() }
            }
            pull.result.append(
                HeroMapping.pipeline.run(
                    records: pageRecords, stored: pull.stored, localEdits: pull.localEdits))
            guard pull.count <= numbers.total else { throw RosterMoved() }
            let seen = HeroPage(items: [], page: numbers.page, perPage: numbers.perPage, total: numbers.total)
            progress(SyncProgress(pagesPulled: page, pageCount: max(page, seen.pageCount)))
            if pageRecords.count < numbers.perPage || pull.count == numbers.total { break }
            page += 1
        }
        guard pull.count == total else { throw RosterMoved() }
        return pull
    }
}
