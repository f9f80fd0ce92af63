import Domain
import Foundation

/// The `HeroRepository` the app uses (storage, API service and mapping behind one protocol;
/// Nemo Logic's data access controller): it revalidates what it stored with the server by
/// entity tag, stores each hero the server confirmed, serves the stored copy, marked stale,
/// when the server cannot be reached (or its policy says not to ask), and keeps writes made then
/// as pending changes until `sync()` pushes them. Each command writes at most one commit per
/// answer the server gave.
public final class OfflineFirstHeroRepository: HeroRepository {
    let remote: RemoteHeroDataSource
    let store: any HeroStore
    let policy: CachePolicy
    let syncPageSize: Int
    let now: @Sendable () -> Date
    let decided: @Sendable (CacheDecision) -> Void

    /// Reads through `remote` and keeps copies in `store`.
    /// - Parameters:
    ///   - policy: whether to ask the server at all (`.cacheOnly`: never).
    ///   - syncPageSize: how many heroes `sync()` asks for per page (1–100).
    ///   - decided: told what each read did with the cache (by default, no one).
    public init(
        remote: RemoteHeroDataSource,
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
        self.now = { Date() }
    }

    /// The key a page is stored under: every part of the query, in a fixed order.
    static func pageKey(for query: HeroQuery) -> String {
        "page=\(query.page)&per_page=\(query.perPage)&q=\(query.text ?? "")&team=\(query.teamID?.rawValue ?? "")"
    }

    /// What a read needs of the store besides the records it is about.
    struct Overlay: Sendable {
        var pending = PendingQueue()
        var teams: [Team] = []

        init(_ reader: any HeroStoreReading) throws {
            pending = try reader.pending()
            if !pending.changes.isEmpty { teams = try reader.teams()?.teams ?? [] }
        }
    }

    /// A page: revalidated by its entity tag, stored record by record as received, served
    /// stale from the store when offline (from the roster a sync stored, when there is one),
    /// with pending changes shown on top.
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
        do {
            let reply = try await online {
                try await remote.heroes(matching: query, ifNoneMatch: stored == nil ? nil : entry?.entityTag)
            }
            guard let page = reply.content else {
                // 304: the stored page is current.
                guard let stored else {
                    throw DomainError.badData("the server answered 304 to an unconditional read")
                }
                decided(.revalidated("heroes \(key)"))
                return Cached(Self.withPending(overlay, on: stored, query: query), isStale: false)
            }
            let latest = try await store.write { writer in
                for hero in page.items where try writer.hero(hero.id.rawValue)?.hero != hero {
                    try writer.setHero(hero.id.rawValue, to: Self.stored(hero, tag: nil))
                }
                try writer.setPage(
                    key,
                    to: StoredPage(
                        ids: page.items.map(\.id.rawValue), page: page.page, perPage: page.perPage,
                        total: page.total, entityTag: reply.entityTag))
                return try Overlay(writer)
            }
            decided(.fresh("heroes \(key)"))
            return Cached(Self.withPending(latest, on: page, query: query), isStale: false)
        } catch DomainError.unavailable(let why) {
            let offline = try await store.read { reader in
                try reader.rosterPage(for: query, pending: overlay.pending, teams: overlay.teams)
            }
            if let offline {
                decided(.stale("heroes \(key) (from the synced roster)", reason: why))
                return Cached(offline, isStale: true)
            }
            guard let stored else { throw DomainError.unavailable(why) }
            decided(.stale("heroes \(key)", reason: why))
            return Cached(Self.withPending(overlay, on: stored, query: query), isStale: true)
        }
    }

    /// One hero: revalidated by its entity tag (the server's, kept), stored, and served stale
    /// when offline; a hero the server no longer has is dropped from the store. Pending
    /// changes are shown on top; a hero created offline is served from them alone.
    public func hero(_ id: Hero.ID) async throws -> Cached<Hero> {
        let key = id.rawValue
        let (stored, overlay) = try await store.read { reader in
            (PendingChange.isLocal(key) ? nil : try reader.hero(key), try Overlay(reader))
        }
        if PendingChange.isLocal(key) {
            guard case .hero(let hero) = overlay.pending.overlay(key, on: nil, teams: overlay.teams) else {
                throw DomainError.notFound("hero \(id)")
            }
            return Cached(hero, isStale: false)
        }
        let storedHero = stored?.hero
        let hero: Cached<Hero>
        do {
            let reply = try await online { try await remote.hero(id, ifNoneMatch: stored?.entityTag) }
            if let fresh = reply.content {
                try await store.write { try $0.setHero(key, to: Self.stored(fresh, tag: reply.entityTag)) }
                decided(.fresh("hero \(key)"))
                hero = Cached(fresh, isStale: false)
            } else {
                guard let storedHero else {
                    throw DomainError.badData("the server answered 304 to an unconditional read")
                }
                decided(.revalidated("hero \(key)"))
                hero = Cached(storedHero, isStale: false)
            }
        } catch DomainError.notFound(let what) {
            if stored != nil { try await store.write { try $0.setHero(key, to: nil) } }
            throw DomainError.notFound(what)
        } catch DomainError.unavailable(let why) {
            guard let storedHero else { throw DomainError.unavailable(why) }
            decided(.stale("hero \(key)", reason: why))
            hero = Cached(storedHero, isStale: true)
        }
        guard let shown = overlay.pending.shown(key, base: hero.value, teams: overlay.teams) else {
            throw DomainError.notFound("hero \(id) (deleted, not yet synced)")
        }
        return Cached(shown, isStale: hero.isStale)
    }

    /// The teams: revalidated by their entity tag, stored as received, and served stale when offline.
    public func teams() async throws -> Cached<[Team]> {
        let stored = try await store.read { try $0.teams() }
        let storedTeams = stored?.teams
        do {
            let reply = try await online { try await remote.teams(ifNoneMatch: stored?.entityTag) }
            guard let teams = reply.content else {
                guard let storedTeams else {
                    throw DomainError.badData("the server answered 304 to an unconditional read")
                }
                decided(.revalidated("teams"))
                return Cached(storedTeams, isStale: false)
            }
            try await store.write { try $0.setTeams(StoredTeams(teams, entityTag: reply.entityTag)) }
            decided(.fresh("teams"))
            return Cached(teams, isStale: false)
        } catch DomainError.unavailable(let why) {
            guard let storedTeams else { throw DomainError.unavailable(why) }
            decided(.stale("teams", reason: why))
            return Cached(storedTeams, isStale: true)
        }
    }

    /// Creates on the server, then stores the hero as received; when the server cannot be
    /// reached, keeps the creation pending (under a local id) and returns it marked pending.
    public func create(_ draft: HeroDraft) async throws -> Hero {
        do {
            let (hero, tag) = try await online {
                try await remote.create(draft, idempotencyKey: PendingChange.newIdempotencyKey())
            }
            try await store.write { try $0.setHero(hero.id.rawValue, to: Self.stored(hero, tag: tag)) }
            return hero
        } catch DomainError.unavailable(let why) {
            return try await enqueue(.create, id: nil, draft: draft, expectedVersion: nil, why)
        }
    }

    /// Replaces on the server, then stores the new version; when the server cannot be reached,
    /// or the hero already has pending changes, keeps the replacement pending, after them.
    public func replace(_ id: Hero.ID, with draft: HeroDraft, expectedVersion: Int?) async throws -> Hero {
        if try await store.read({ try $0.pending().touches(id.rawValue) }) {
            return try await enqueue(
                .replace, id: id.rawValue, draft: draft, expectedVersion: expectedVersion, nil)
        }
        do {
            let (hero, tag) = try await online {
                try await remote.replace(id, with: draft, expectedVersion: expectedVersion)
            }
            try await store.write { try $0.setHero(id.rawValue, to: Self.stored(hero, tag: tag)) }
            return hero
        } catch DomainError.unavailable(let why) {
            return try await enqueue(
                .replace, id: id.rawValue, draft: draft, expectedVersion: expectedVersion, why)
        }
    }

    /// Deletes on the server, then from the store; when the server cannot be reached, or the
    /// hero has pending changes, keeps the deletion pending. A hero created offline is simply
    /// forgotten with its pending changes.
    @discardableResult
    public func delete(_ id: Hero.ID, expectedVersion: Int?) async throws -> WriteOutcome {
        let key = id.rawValue
        let madeAt = now()
        let queueDelete = { @Sendable (writer: any HeroStoreWriting) throws in
            var queue = try writer.pending()
            queue.enqueue(
                .delete, id: key, draft: nil, expectedVersion: expectedVersion,
                base: try writer.hero(key)?.hero,
                madeAt: madeAt)
            try writer.setPending(queue)
        }
        if PendingChange.isLocal(key) {
            return try await store.write { writer in
                var queue = try writer.pending()
                guard queue.touches(key) else { throw DomainError.notFound("hero \(id)") }
                queue.changes.removeAll { $0.id == key }
                try writer.setPending(queue)
                return .confirmed
            }
        }
        if try await store.read({ try $0.pending().touches(key) }) {
            try await store.write(queueDelete)
            return .pending
        }
        do {
            try await online { try await remote.delete(id, expectedVersion: expectedVersion) }
            try await store.write { try $0.setHero(key, to: nil) }
            return .confirmed
        } catch DomainError.unavailable {
            try await store.write(queueDelete)
            return .pending
        }
    }

    // MARK: Pending changes

    /// Queues a write (a create under a new local id) and answers the hero it makes.
    private func enqueue(
        _ kind: PendingChange.Kind, id: String?, draft: HeroDraft, expectedVersion: Int?, _ why: String?
    ) async throws -> Hero {
        let madeAt = now()
        let hero = try await store.write { writer -> Hero? in
            var queue = try writer.pending()
            let key = id ?? queue.nextLocalID()
            let base = try writer.hero(key)?.hero
            queue.enqueue(
                kind, id: key, draft: draft, expectedVersion: expectedVersion, base: base, madeAt: madeAt)
            try writer.setPending(queue)
            guard case .hero(let hero) = queue.overlay(key, on: base, teams: try writer.teams()?.teams ?? [])
            else {
                return nil
            }
            return hero
        }
        guard let hero else { throw DomainError.unavailable(why ?? "the change could not be kept") }
        return hero
    }

    /// `page` with pending replacements and deletions applied, and, on a first page, the
    /// heroes created offline that the query keeps, first; cut to the page's size.
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

    /// A hero as stored, with the server's entity tag, or the contract's `"<id>-<version>"`.
    static func stored(_ hero: Hero, tag: String?) -> StoredHero {
        StoredHero(hero, entityTag: tag ?? RemoteHeroDataSource.entityTag(hero.id, hero.version))
    }

    /// Runs `call` unless the policy keeps to the cache: then no request is made, and the caller
    /// answers from the store as it does when the server cannot be reached.
    func online<Value>(_ call: () async throws -> Value) async throws -> Value {
        if case .cacheOnly(let reason) = policy { throw DomainError.unavailable(reason) }
        return try await call()
    }
}
