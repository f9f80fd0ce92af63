import Domain
import Foundation

/// The app's `HeroRepository`: revalidates stored heroes by entity tag, serves them stale when
/// offline, and keeps offline writes pending until `sync()`.
public final class OfflineFirstHeroRepository: HeroRepository {
    let remote: any HeroRemote
    let store: any HeroStore
    let policy: CachePolicy
    let syncPageSize: Int
    let decided: @Sendable (CacheDecision) -> Void

    /// - Parameters:
    ///   - policy: whether to ask the server at all.
    ///   - syncPageSize: heroes per page in `sync()` (1–100).
    public init(
        remote: any HeroRemote,
        store: any HeroStore,
        policy: CachePolicy = .networkFirst,
        syncPageSize: Int = HeroQuery.perPageRange.upperBound,
        decided: @escaping @Sendable (CacheDecision) -> Void = { _ in }
    ) {
        self.remote = remote
        self.store = store
        self.policy = policy
        self.decided = decided
        self.syncPageSize = min(
            max(syncPageSize, HeroQuery.perPageRange.lowerBound), HeroQuery.perPageRange.upperBound)
    }

    static func pageKey(for query: HeroQuery) -> String {
        "page=\(query.page)&per_page=\(query.perPage)&q=\(query.text ?? "")&team=\(query.teamID?.rawValue ?? "")"
    }

    /// What a read shows on top.
    struct Overlay: Sendable {
        var pending = PendingQueue()
        var teams: [Team] = []

        init(_ reader: any HeroStoreReading) throws {
            pending = try reader.pending()
            if !pending.changes.isEmpty { teams = try reader.teams()?.teams ?? [] }
        }
    }

    /// A page; offline, from the synced roster or the stored page.
    public func heroes(matching query: HeroQuery) async throws -> Cached<HeroPage> {
        let key = Self.pageKey(for: query)
        let (entry, stored, overlay) = try await store.read { reader in
            let entry = try reader.page(key)
            let items = try entry?.ids.compactMap { try reader.hero($0)?.hero }
            let stored = entry.flatMap { page in
                items.flatMap {
                    $0.count == page.ids.count
                        ? HeroPage(items: $0, page: page.page, perPage: page.perPage, total: page.total) : nil
                }
            }
            return (entry, stored, try Overlay(reader))
        }
        return try await revalidate(
            "heroes \(key)", stored: stored.map { Self.withPending(overlay, on: $0, query: query) }
        ) {
            try await remote.heroes(matching: query, ifNoneMatch: stored == nil ? nil : entry?.entityTag)
        } keep: { page, tag in
            let latest: Overlay? = await keeping("heroes \(key)", or: nil) {
                try await store.write { writer in
                    for hero in page.items where try writer.hero(hero.id.rawValue)?.hero != hero {
                        try writer.setHero(hero.id.rawValue, to: Self.stored(hero, tag: nil))
                    }
                    try writer.setPage(
                        key,
                        to: StoredPage(
                            ids: page.items.map(\.id.rawValue), page: page.page, perPage: page.perPage,
                            total: page.total, entityTag: tag))
                    return try Overlay(writer)
                }
            }
            return latest.map { Self.withPending($0, on: page, query: query) } ?? page
        } offline: { why in
            let page = try await store.read { reader in
                try reader.rosterPage(for: query, pending: overlay.pending, teams: overlay.teams)
            }
            if page != nil { decided(.stale("heroes \(key) (from the synced roster)", reason: why)) }
            return page
        }
    }

    /// One hero; one the server no longer has is dropped.
    public func hero(_ id: Hero.ID) async throws -> Cached<Hero> {
        let key = id.rawValue
        let (stored, overlay) = try await store.read { reader in
            (PendingChange.isLocal(key) ? nil : try reader.hero(key), try Overlay(reader))
        }
        if PendingChange.isLocal(key) {
            guard let hero = overlay.pending.shown(key, base: nil, teams: overlay.teams) else {
                throw DomainError.notFound("hero \(id)")
            }
            return Cached(hero, isStale: false)
        }
        let hero: Cached<Hero>
        do {
            hero = try await revalidate("hero \(key)", stored: stored?.hero) {
                try await remote.hero(id, ifNoneMatch: stored?.entityTag)
            } keep: { fresh, tag in
                await keeping("hero \(key)", or: ()) {
                    try await store.write { try $0.setHero(key, to: Self.stored(fresh, tag: tag)) }
                }
                return fresh
            }
        } catch DomainError.notFound(let what) {
            if stored != nil { try await store.write { try $0.setHero(key, to: nil) } }
            throw DomainError.notFound(what)
        }
        guard let shown = overlay.pending.shown(key, base: hero.value, teams: overlay.teams) else {
            throw DomainError.notFound("hero \(id) (deleted, not yet synced)")
        }
        return Cached(shown, isStale: hero.isStale)
    }

    /// The teams.
    public func teams() async throws -> Cached<[Team]> {
        let stored = try await store.read { try $0.teams() }
        return try await revalidate("teams", stored: stored?.teams) {
            try await remote.teams(ifNoneMatch: stored?.entityTag)
        } keep: { teams, tag in
            await keeping("the teams", or: ()) {
                try await store.write { try $0.setTeams(StoredTeams(teams, entityTag: tag)) }
            }
            return teams
        }
    }

    /// Creates on the server, or offline keeps it pending under a local id.
    public func create(_ draft: HeroDraft) async throws -> Hero {
        do {
            let (hero, tag) = try await online {
                try await remote.create(draft, idempotencyKey: PendingChange.newIdempotencyKey())
            }
            await keeping("hero \(hero.id), created on the server", or: ()) {
                try await store.write { try $0.setHero(hero.id.rawValue, to: Self.stored(hero, tag: tag)) }
            }
            return hero
        } catch DomainError.unavailable {
            return try await enqueue(.create, id: nil, draft: draft, expectedVersion: nil) ?? Self.unkept()
        }
    }

    /// Replaces on the server; pending if offline or behind other pending changes.
    public func replace(_ id: Hero.ID, with draft: HeroDraft, expectedVersion: Int?) async throws -> Hero {
        if try await !store.read({ try $0.pending().touches(id.rawValue) }) {
            do {
                let (hero, tag) = try await online {
                    try await remote.replace(id, with: HeroInputDTO(draft), expectedVersion: expectedVersion)
                }
                await keeping("hero \(id), replaced on the server", or: ()) {
                    try await store.write { try $0.setHero(id.rawValue, to: Self.stored(hero, tag: tag)) }
                }
                return hero
            } catch DomainError.unavailable {}
        }
        return try await enqueue(.replace, id: id.rawValue, draft: draft, expectedVersion: expectedVersion)
            ?? Self.unkept()
    }

    /// Deletes on the server, pending as `replace` is; a hero created offline is just forgotten.
    @discardableResult
    public func delete(_ id: Hero.ID, expectedVersion: Int?) async throws -> WriteOutcome {
        let key = id.rawValue
        if PendingChange.isLocal(key) {
            return try await store.write { writer in
                var queue = try writer.pending()
                guard queue.touches(key) else { throw DomainError.notFound("hero \(id)") }
                queue.changes.removeAll { $0.id == key }
                try writer.setPending(queue)
                return .confirmed
            }
        }
        if try await !store.read({ try $0.pending().touches(key) }) {
            do {
                try await online { try await remote.delete(id, expectedVersion: expectedVersion) }
                await keeping("the deletion of hero \(id), done on the server", or: ()) {
                    try await store.write { try $0.setHero(key, to: nil) }
                }
                return .confirmed
            } catch DomainError.unavailable {}
        }
        _ = try await enqueue(.delete, id: key, draft: nil, expectedVersion: expectedVersion)
        return .pending
    }

    // MARK: Pending changes

    /// Queues a write and answers the hero it makes (a delete makes none).
    private func enqueue(_ kind: PendingChange.Kind, id: String?, draft: HeroDraft?, expectedVersion: Int?)
        async throws -> Hero?
    {
        let madeAt = Date()
        return try await store.write { writer in
            var queue = try writer.pending()
            let key = id ?? queue.nextLocalID()
            let base = try writer.hero(key)?.hero
            queue.enqueue(
                kind, id: key, draft: draft, expectedVersion: expectedVersion, base: base, madeAt: madeAt)
            try writer.setPending(queue)
            return queue.shown(key, base: base, teams: try writer.teams()?.teams ?? [])
        }
    }

    /// What a queued create or replace answers if it made no hero: never, for a valid id.
    private static func unkept() throws -> Hero {
        throw DomainError.unavailable("the change could not be kept")
    }

    /// `page` with pending changes applied; a first page starts with heroes created offline.
    static func withPending(_ overlay: Overlay, on page: HeroPage, query: HeroQuery) -> HeroPage {
        guard !overlay.pending.changes.isEmpty else { return page }
        var items = page.items.compactMap {
            overlay.pending.shown($0.id.rawValue, base: $0, teams: overlay.teams)
        }
        let created = overlay.pending.creations(teams: overlay.teams).filter(query.keeps)
        if query.page == 1 { items = Array((created + items).prefix(query.perPage)) }
        return HeroPage(
            items: items, page: page.page, perPage: page.perPage, total: page.total + created.count)
    }

    /// With the server's entity tag or the contract's `"<id>-<version>"`.
    static func stored(_ hero: Hero, tag: String?) -> StoredHero {
        StoredHero(
            hero,
            entityTag: tag ?? RemoteHeroDataSource.entityTag(id: hero.id.rawValue, version: hero.version))
    }

    /// One conditional read, and what it did with the cache: a fresh answer is stored by `keep`,
    /// a 304 answers `stored`, and offline `offline` answers if it can, else `stored`, stale.
    func revalidate<Value: Sendable>(
        _ what: String, stored: Value?, ask: () async throws -> Revalidated<Value>,
        keep: (Value, String?) async throws -> Value,
        offline: (_ why: String) async throws -> Value? = { _ in nil }
    ) async throws -> Cached<Value> {
        do {
            guard case .fresh(let fresh, let tag) = try await online(ask) else {
                guard let stored else {
                    throw DomainError.badData("the server answered 304 to an unconditional read")
                }
                decided(.revalidated(what))
                return Cached(stored, isStale: false)
            }
            let kept = try await keep(fresh, tag)
            decided(.fresh(what))
            return Cached(kept, isStale: false)
        } catch DomainError.unavailable(let why) {
            if let answer = try await offline(why) { return Cached(answer, isStale: true) }
            guard let stored else { throw DomainError.unavailable(why) }
            decided(.stale(what, reason: why))
            return Cached(stored, isStale: true)
        }
    }

    /// Stores what the server confirmed. A store that cannot keep it (read-only, locked, full) is
    /// a warning, not a failure: the server's change happened, and a retry would get 409 or 412.
    func keeping<Value>(_ what: String, or fallback: Value, _ write: () async throws -> Value) async -> Value
    {
        do {
            return try await write()
        } catch {
            decided(.notKept(what, reason: "\(error)"))
            return fallback
        }
    }

    /// Runs `call`, or under `.cacheOnly` throws `.unavailable` so the caller answers offline.
    func online<Value>(_ call: () async throws -> Value) async throws -> Value {
        if case .cacheOnly(let reason) = policy { throw DomainError.unavailable(reason) }
        return try await call()
    }
}
