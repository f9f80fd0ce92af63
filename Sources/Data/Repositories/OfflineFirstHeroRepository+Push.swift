import Domain
import Foundation

/// The push half of `sync(progress:)`: a 412 is merged and sent again, a 404 dropped once the
/// sync completes.
extension OfflineFirstHeroRepository {
    struct PushReport: Sendable {
        var pushed: [Hero.ID] = []
        var dropped: [Hero.ID] = []
        var conflicts: [SyncConflict] = []
        /// Dropped only once the whole sync completes, so a sync failing part-way loses none unsaid.
        var dropping: [(sequence: Int, id: String)] = []
    }

    private enum Pushed {
        /// The hero's version now (none once deleted).
        case confirmed(Hero.ID, version: Int?)
        /// Gone from the server: this change and later ones are dropped.
        case gone
        /// Later changes to the hero stay pending too.
        case pending
    }

    /// Oldest first.
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
                report.dropping.append((queued.sequence, key))
                continue
            }
            let expectedVersion = versions[key] ?? queued.expectedVersion
            let outcome =
                switch queued.kind {
                case .create: try await pushCreate(queued, report: &report)
                case .replace: try await pushReplace(queued, id: key, expectedVersion, report: &report)
                case .delete: try await pushDelete(queued, id: key, expectedVersion, report: &report)
                }
            switch outcome {
            case .confirmed(let id, let version):
                serverIDs[queued.id] = id.rawValue
                versions[id.rawValue] = version
                report.pushed.append(id)
            case .gone:
                gone.insert(key)
                if let id = try? Hero.ID(key) { report.dropped.append(id) }
            case .pending:
                blocked.insert(key)
            }
        }
        return report
    }

    /// A server that ignores the `Idempotency-Key` refuses a repeat as a taken code name: that
    /// hero is adopted only if every field matches.
    private func pushCreate(_ queued: PendingChange, report: inout PushReport) async throws -> Pushed {
        guard let draft = queued.draft else { return .pending }
        let created: (hero: Hero, entityTag: String?)
        do {
            created = try await remote.create(
                draft, idempotencyKey: queued.idempotencyKey ?? PendingChange.newIdempotencyKey())
        } catch DomainError.conflict(let why) {
            guard let adopted = try await heroSentBefore(draft) else {
                if let id = try? Hero.ID(queued.id) {
                    report.conflicts.append(
                        SyncConflict(
                            id: id, field: .codeName, local: draft.codeName, incoming: why,
                            outcome: .stillPending))
                }
                return .pending
            }
            created = (adopted, nil)
        }
        let (hero, serverID) = (created.hero, created.hero.id.rawValue)
        try await store.write { writer in
            var queue = try writer.pending()
            queue.remove(queued.sequence)
            // Later changes now name the server's id and version.
            for index in queue.changes.indices where queue.changes[index].id == queued.id {
                queue.changes[index].id = serverID
                queue.changes[index].expectedVersion = hero.version
                queue.changes[index].base = hero
            }
            try writer.setPending(queue)
            try writer.setHero(serverID, to: Self.stored(hero, tag: created.entityTag))
        }
        return .confirmed(hero.id, version: hero.version)
    }

    /// The server's hero named as `draft`, if every field matches.
    private func heroSentBefore(_ draft: HeroDraft) async throws -> Hero? {
        let query = try HeroQuery(page: 1, perPage: HeroQuery.perPageRange.upperBound, text: draft.codeName)
        guard let page = try await remote.heroes(matching: query, ifNoneMatch: nil).content else {
            return nil
        }
        for hero in page.items where hero.codeName == draft.codeName {
            return HeroInputDTO(hero) == HeroInputDTO(draft) ? hero : nil
        }
        return nil
    }

    /// A 412 is merged and pushed once, a 404 dropped.
    private func pushReplace(
        _ queued: PendingChange, id key: String, _ expectedVersion: Int?, report: inout PushReport
    ) async throws -> Pushed {
        guard let draft = queued.draft, let id = try? Hero.ID(key) else { return .gone }
        do {
            let (hero, tag) = try await remote.replace(
                id, with: HeroInputDTO(draft), expectedVersion: expectedVersion)
            try await confirm(queued, hero: hero, tag: tag)
            return .confirmed(id, version: hero.version)
        } catch DomainError.notFound {
            report.dropping.append((queued.sequence, key))
            return .gone
        } catch DomainError.preconditionFailed {
            return try await mergeAndPush(queued, id: id, draft: draft, report: &report)
        }
    }

    /// A 404 means done already; a 412 keeps it pending.
    private func pushDelete(
        _ queued: PendingChange, id key: String, _ expectedVersion: Int?, report: inout PushReport
    ) async throws -> Pushed {
        guard let id = try? Hero.ID(key) else { return .pending }
        do {
            try await remote.delete(id, expectedVersion: expectedVersion)
        } catch DomainError.notFound {
            report.dropping.append((queued.sequence, key))
            return .gone
        } catch DomainError.preconditionFailed {
            report.conflicts.append(
                SyncConflict(
                    id: id, field: .version, local: "deleted at version \(queued.expectedVersion ?? 0)",
                    incoming: "changed on the server", outcome: .stillPending))
            return .pending
        }
        try await forget([(queued.sequence, key)])
        return .confirmed(id, version: nil)
    }

    /// Merges the server's record, the base and the edit; pushes once.
    private func mergeAndPush(
        _ queued: PendingChange, id: Hero.ID, draft: HeroDraft, report: inout PushReport
    )
        async throws -> Pushed
    {
        let reply = try await remote.hero(id, ifNoneMatch: nil)
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
        else { return .pending }
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
            report.conflicts += conflicts(.stillPending)
            return .pending
        }
        do {
            let (pushed, tag) = try await remote.replace(
                id, with: HeroInputDTO(hero), expectedVersion: hero.version)
            try await confirm(queued, hero: pushed, tag: tag)
            report.conflicts += conflicts(.localKept)
            return .confirmed(id, version: pushed.version)
        } catch DomainError.preconditionFailed {
            report.conflicts += conflicts(.stillPending)
        } catch DomainError.conflict(let why) {
            report.conflicts.append(
                SyncConflict(
                    id: id, field: .request, local: draft.codeName, incoming: why, outcome: .stillPending))
        }
        return .pending
    }

    /// Drops the change and stores the server's hero.
    private func confirm(_ queued: PendingChange, hero: Hero, tag: String?) async throws {
        try await store.write { writer in
            try writer.removePending(queued.sequence)
            try writer.setHero(hero.id.rawValue, to: Self.stored(hero, tag: tag))
        }
    }

    /// Drops the changes and their stored heroes.
    func forget(_ changes: [(sequence: Int, id: String)]) async throws {
        guard !changes.isEmpty else { return }
        try await store.write { writer in
            for (sequence, id) in changes {
                try writer.removePending(sequence)
                try writer.setHero(id, to: nil)
            }
        }
    }
}

extension HeroStoreWriting {
    func removePending(_ sequence: Int) throws {
        var queue = try pending()
        queue.remove(sequence)
        try setPending(queue)
    }
}
