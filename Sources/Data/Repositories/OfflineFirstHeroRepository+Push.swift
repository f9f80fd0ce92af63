import Domain
import Foundation

/// The push half of `sync(progress:)`: a 412 is merged and sent again, a 404 dropped.
extension OfflineFirstHeroRepository {
    /// What pushing the pending changes did.
    struct PushReport: Sendable {
        var pushed: [Hero.ID] = []
        var dropped: [Hero.ID] = []
        var conflicts: [SyncConflict] = []
    }

    /// Pushes pending changes oldest first.
    func pushPending() async throws -> PushReport {
        var report = PushReport()
        var serverIDs: [String: String] = [:]  // local id → the server's
        var versions: [String: Int] = [:]  // each pushed hero's version now
        var blocked: Set<String> = []  // an earlier change stays pending
        var gone: Set<String> = []  // deleted on the server: later changes go too
        for queued in try await store.read({ try $0.pending() }).changes {
            let key = serverIDs[queued.id] ?? queued.id
            guard !blocked.contains(key) else { continue }
            guard !gone.contains(key) else {
                try await store.write { try $0.removePending(queued.sequence) }
                continue
            }
            switch queued.kind {
            case .create:
                guard let draft = queued.draft else { continue }
                guard let (hero, tag) = try await pushCreate(queued, draft: draft, report: &report) else {
                    blocked.insert(key)
                    continue
                }
                let serverID = hero.id.rawValue
                serverIDs[queued.id] = serverID
                versions[serverID] = hero.version
                try await store.write { writer in
                    var queue = try writer.pending()
                    queue.remove(queued.sequence)
                    for index in queue.changes.indices where queue.changes[index].id == queued.id {
                        queue.changes[index].id = serverID
                        queue.changes[index].expectedVersion = hero.version
                        queue.changes[index].base = hero
                    }
                    try writer.setPending(queue)
                    try writer.setHero(serverID, to: Self.stored(hero, tag: tag))
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

    /// Pushes one create with its `Idempotency-Key`. A server that ignores the key refuses a
    /// repeat as a taken code name: that hero is adopted only if every field matches.
    private func pushCreate(_ queued: PendingChange, draft: HeroDraft, report: inout PushReport)
        async throws -> (hero: Hero, entityTag: String?)?
    {
        do {
            return try await remote.create(
                draft, idempotencyKey: queued.idempotencyKey ?? PendingChange.newIdempotencyKey())
        } catch DomainError.conflict(let why) {
            if let adopted = try await heroSentBefore(draft) { return (adopted, nil) }
            if let id = try? Hero.ID(queued.id) {
                report.conflicts.append(
                    SyncConflict(
                        id: id, field: .codeName, local: draft.codeName, incoming: why, outcome: .stillPending
                    ))
            }
            return nil
        }
    }

    /// The server's hero named as `draft`, if every field is `draft`'s.
    private func heroSentBefore(_ draft: HeroDraft) async throws -> Hero? {
        let query = try HeroQuery(page: 1, perPage: HeroQuery.perPageRange.upperBound, text: draft.codeName)
        guard let page = try await remote.heroes(matching: query).content else { return nil }
        for hero in page.items where hero.codeName == draft.codeName {
            return HeroInputDTO(hero) == HeroInputDTO(draft) ? hero : nil
        }
        return nil
    }

    /// A replacement's outcome: the new version, dropped, or neither (pending).
    private struct ReplaceOutcome {
        var version: Int?
        var dropped = false
        var conflicts: [SyncConflict] = []
    }

    /// Pushes one replacement; a 412 is merged and pushed once, a 404 dropped.
    private func pushReplace(_ queued: PendingChange, id key: String, expectedVersion: Int?) async throws
        -> ReplaceOutcome
    {
        guard let draft = queued.draft, let id = try? Hero.ID(key) else {
            return ReplaceOutcome(dropped: true)
        }
        do {
            let (hero, tag) = try await remote.replace(id, with: draft, expectedVersion: expectedVersion)
            try await confirm(queued, hero: hero, tag: tag)
            return ReplaceOutcome(version: hero.version)
        } catch DomainError.notFound {
            try await store.write { writer in
                try writer.removePending(queued.sequence)
                try writer.setHero(key, to: nil)
            }
            return ReplaceOutcome(dropped: true)
        } catch DomainError.preconditionFailed {
            return try await mergeAndPush(queued, id: id, draft: draft)
        }
    }

    /// On 412: merges the server's record, the base and the edit; pushes once.
    private func mergeAndPush(_ queued: PendingChange, id: Hero.ID, draft: HeroDraft) async throws
        -> ReplaceOutcome
    {
        let reply = try await remote.hero(id)
        guard let current = reply.content else {
            throw DomainError.badData("the server answered 304 to an unconditional read")
        }
        let (storedHero, teams) = try await store.read { reader in
            (try reader.hero(id.rawValue)?.hero, try reader.teams()?.teams ?? [])
        }
        let base = queued.base ?? storedHero
        guard
            let local = PendingQueue.localHero(
                id: id.rawValue, draft: draft, base: base, madeAt: queued.madeAt, teams: teams)
        else { return ReplaceOutcome() }
        let merged = try? HeroMapping.mapping.merge(stored: base, local: local, incoming: current)
        let conflicts = { (outcome: SyncConflict.Outcome) in
            (merged?.conflicts ?? []).map {
                SyncConflict(
                    id: id, field: $0.field, local: $0.local, incoming: $0.incoming, outcome: outcome)
            }
        }
        guard let hero = merged?.entity else {
            try await store.write {
                try $0.setHero(id.rawValue, to: Self.stored(current, tag: reply.entityTag))
            }
            return ReplaceOutcome(conflicts: conflicts(.stillPending))
        }
        do {
            let (pushed, tag) = try await remote.replace(id, withFactsOf: hero)
            try await confirm(queued, hero: pushed, tag: tag)
            return ReplaceOutcome(version: pushed.version, conflicts: conflicts(.localKept))
        } catch DomainError.preconditionFailed {
            return ReplaceOutcome(conflicts: conflicts(.stillPending))
        } catch DomainError.conflict(let why) {
            return ReplaceOutcome(
                conflicts: [
                    SyncConflict(
                        id: id, field: .request, local: draft.codeName, incoming: why, outcome: .stillPending)
                ])
        }
    }

    /// Drops the confirmed change and stores the hero the server answered.
    private func confirm(_ queued: PendingChange, hero: Hero, tag: String?) async throws {
        try await store.write { writer in
            try writer.removePending(queued.sequence)
            try writer.setHero(hero.id.rawValue, to: Self.stored(hero, tag: tag))
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
