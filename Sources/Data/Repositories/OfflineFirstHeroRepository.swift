import Domain
import Foundation

/// The `HeroRepository` the app uses (storage, API service and mapping behind one protocol;
/// Nemo Logic's data access controller): it revalidates what it stored with the server by
/// entity tag, stores each record as the server sent it, serves the stored copy, marked stale,
/// when the server cannot be reached, and keeps writes made then as pending changes until
/// `sync()` pushes them.
public final class OfflineFirstHeroRepository: HeroRepository {
    let remote: RemoteHeroDataSource
    let store: JSONFileStore<HeroCache>
    let syncPageSize: Int
    private let reportStorageProblem: @Sendable (StorageError) -> Void
    private let now: @Sendable () -> Date

    /// Reads through `remote`, keeps copies in `store`, and tells `reportStorageProblem` about a
    /// store that had to be moved aside (it then starts empty) or cannot be used.
    /// - Parameter syncPageSize: how many heroes `sync()` asks for per page (1–100).
    public init(
        remote: RemoteHeroDataSource,
        store: JSONFileStore<HeroCache>,
        syncPageSize: Int = HeroQuery.perPageRange.upperBound,
        reportStorageProblem: @escaping @Sendable (StorageError) -> Void
    ) {
        self.remote = remote
        self.store = store
        self.syncPageSize = min(
            max(syncPageSize, HeroQuery.perPageRange.lowerBound), HeroQuery.perPageRange.upperBound)
        self.reportStorageProblem = reportStorageProblem
        self.now = { Date() }
    }

    /// A page: revalidated by its entity tag, stored record by record as received, served
    /// stale from the store when offline (or, for a page never stored, made from the roster a
    /// sync stored), with pending changes shown on top.
    public func heroes(matching query: HeroQuery) async throws -> Cached<HeroPage> {
        let key = HeroCache.key(for: query)
        let cache = await snapshot()
        let entry = cache.pages[key]
        let stored: HeroPage? = entry.flatMap { page in
            let items = page.ids.compactMap(cache.storedHero)
            return items.count == page.ids.count
                ? HeroPage(items: items, page: page.page, perPage: page.perPage, total: page.total) : nil
        }
        let page = try await revalidate(stored: stored, offline: cache.rosterPage(for: query)) {
            let reply = try await remote.pageBody(
                matching: query, ifNoneMatch: stored == nil ? nil : entry?.entityTag)
            guard let body = reply.content else { return nil }  // 304: the stored page is current
            let mapped = try HeroPageBody(body)
            let items = mapped.result.items
            let page = mapped.page
            await change { cache in
                for item in items { cache.store(item.record, id: item.id) }
                cache.pages[key] = HeroCache.StoredPage(
                    ids: items.map(\.id), page: page.page, perPage: page.perPage, total: page.total,
                    entityTag: reply.entityTag)
            }
            return page
        }
        let latest = cache.pending.isEmpty ? cache : await snapshot()
        return page.map { Self.withPending(latest, on: $0, query: query) }
    }

    /// One hero: revalidated by its entity tag (the server's, kept), stored, and served stale
    /// when offline; a hero the server no longer has is dropped from the store. Pending
    /// changes are shown on top; a hero created offline is served from them alone.
    public func hero(_ id: Hero.ID) async throws -> Cached<Hero> {
        let cache = await snapshot()
        if PendingChange.isLocal(id.rawValue) {
            guard case .hero(let hero) = cache.overlay(id.rawValue, on: nil) else {
                throw DomainError.notFound("hero \(id)")
            }
            return Cached(hero, isStale: false)
        }
        let stored = cache.heroes[id.rawValue]
        let hero = try await revalidate(stored: cache.storedHero(id.rawValue)) {
            do {
                let reply = try await remote.heroRecord(id, ifNoneMatch: stored?.entityTag)
                guard let record = reply.content else { return nil }  // 304: the stored hero is current
                let hero = try RemoteHeroDataSource.hero(from: record)
                await change { $0.store(record, id: id.rawValue, entityTag: reply.entityTag) }
                return hero
            } catch DomainError.notFound(let what) {
                await change { $0.remove(id.rawValue) }
                throw DomainError.notFound(what)
            }
        }
        guard let shown = cache.shown(id.rawValue, base: hero.value) else {
            throw DomainError.notFound("hero \(id) (deleted, not yet synced)")
        }
        return Cached(shown, isStale: hero.isStale)
    }

    /// The teams: revalidated by their entity tag, stored as received, and served stale when offline.
    public func teams() async throws -> Cached<[Team]> {
        let stored = await snapshot().teams
        let storedTeams = stored.map { $0.items.compactMap { try? TeamMapping.mapping.entity(from: $0) } }
        return try await revalidate(stored: storedTeams) {
            let reply = try await remote.teamsBody(ifNoneMatch: stored?.entityTag)
            guard let body = reply.content else { return nil }  // 304: the stored teams are current
            let result = try RemoteHeroDataSource.mapped { () throws(MappingFailure) in
                try MappingPipeline(TeamMapping.mapping).run(body, stored: [:])
            }
            let records = result.items.map(\.record)
            await change { $0.teams = HeroCache.StoredTeams(items: records, entityTag: reply.entityTag) }
            return result.items.map(\.entity)
        }
    }

    /// Creates on the server, then stores the hero as received; when the server cannot be
    /// reached, keeps the creation pending (under a local id) and returns it marked pending.
    public func create(_ draft: HeroDraft) async throws -> Hero {
        let input = HeroInputDTO(draft)
        do {
            let (record, tag) = try await remote.createRecord(input)
            let hero = try RemoteHeroDataSource.hero(from: record)
            await change { $0.store(record, id: hero.id.rawValue, entityTag: tag) }
            return hero
        } catch DomainError.unavailable(let why) {
            return try await enqueue(
                .create, id: PendingChange.localID(), input: input, expectedVersion: nil, why)
        }
    }

    /// Replaces on the server, then stores the new version; when the server cannot be reached,
    /// or the hero already has pending changes, keeps the replacement pending, after them.
    public func replace(_ id: Hero.ID, with draft: HeroDraft, expectedVersion: Int?) async throws -> Hero {
        let input = HeroInputDTO(draft)
        if await snapshot().pending.contains(where: { $0.id == id.rawValue }) {
            return try await enqueue(
                .replace, id: id.rawValue, input: input, expectedVersion: expectedVersion, nil)
        }
        do {
            let (record, tag) = try await remote.replaceRecord(
                id, with: input, expectedVersion: expectedVersion)
            let hero = try RemoteHeroDataSource.hero(from: record)
            await change { $0.store(record, id: id.rawValue, entityTag: tag) }
            return hero
        } catch DomainError.unavailable(let why) {
            return try await enqueue(
                .replace, id: id.rawValue, input: input, expectedVersion: expectedVersion, why)
        }
    }

    /// Deletes on the server, then from the store; when the server cannot be reached, or the
    /// hero has pending changes, keeps the deletion pending. A hero created offline is simply
    /// forgotten with its pending changes.
    @discardableResult
    public func delete(_ id: Hero.ID, expectedVersion: Int?) async throws -> WriteOutcome {
        let key = id.rawValue
        let cache = await snapshot()
        if PendingChange.isLocal(key) {
            guard cache.pending.contains(where: { $0.id == key }) else {
                throw DomainError.notFound("hero \(id)")
            }
            await change { $0.pending.removeAll { $0.id == key } }
            return .confirmed
        }
        if cache.pending.contains(where: { $0.id == key }) {
            await change {
                $0.enqueue(.delete, id: key, input: nil, expectedVersion: expectedVersion, madeAt: Date())
            }
            return .pending
        }
        do {
            try await remote.delete(id, expectedVersion: expectedVersion)
            await change { $0.remove(key) }
            return .confirmed
        } catch DomainError.unavailable {
            await change {
                $0.enqueue(.delete, id: key, input: nil, expectedVersion: expectedVersion, madeAt: Date())
            }
            return .pending
        }
    }

    // MARK: Pending changes

    private func enqueue(
        _ kind: PendingChange.Kind, id: String, input: HeroInputDTO, expectedVersion: Int?, _ why: String?
    ) async throws -> Hero {
        let madeAt = now()
        let cache = try await changeThrowing { cache in
            cache.enqueue(kind, id: id, input: input, expectedVersion: expectedVersion, madeAt: madeAt)
            return cache
        }
        guard case .hero(let hero) = cache.overlay(id, on: cache.storedHero(id)) else {
            throw DomainError.unavailable(why ?? "the change could not be kept")
        }
        return hero
    }

    /// `page` with pending replacements and deletions applied, and, on an unfiltered first
    /// page, the heroes created offline first.
    static func withPending(_ cache: HeroCache, on page: HeroPage, query: HeroQuery) -> HeroPage {
        guard !cache.pending.isEmpty else { return page }
        var items = page.items.compactMap { cache.shown($0.id.rawValue, base: $0) }
        let created = cache.pendingCreations
        if query.page == 1, query.text == nil, query.teamID == nil { items = created + items }
        return HeroPage(
            items: items, page: page.page, perPage: page.perPage,
            total: page.total + (query.text == nil && query.teamID == nil ? created.count : 0))
    }

    // MARK: Offline first

    /// Asks the server (`fetch` answers `nil` for "not modified"); serves `stored` when it is
    /// current, or, marked stale, when the server cannot be reached (with nothing stored, what
    /// `offline` can make instead, if anything).
    private func revalidate<Value: Sendable>(
        stored: Value?,
        offline: @autoclosure () -> Value? = nil,
        fetch: () async throws -> Value?
    ) async throws -> Cached<Value> {
        do {
            if let fresh = try await fetch() { return Cached(fresh, isStale: false) }
            guard let stored else {
                throw DomainError.badData("the server answered 304 to an unconditional read")
            }
            return Cached(stored, isStale: false)
        } catch DomainError.unavailable(let why) {
            guard let answer = stored ?? offline() else { throw DomainError.unavailable(why) }
            return Cached(answer, isStale: true)
        }
    }

    /// The stored cache, read without writing; a corrupt file is reported (and moved aside by the
    /// store), any other storage problem reported, and the read goes on with an empty cache.
    func snapshot() async -> HeroCache {
        do {
            return try await store.read() ?? HeroCache()
        } catch let problem as StorageError {
            reportStorageProblem(problem)
        } catch {
            reportStorageProblem(.io(store.url, "\(error)"))
        }
        return HeroCache()
    }

    func change(_ body: @escaping @Sendable (inout HeroCache) -> Void) async {
        _ = try? await changeThrowing { cache in body(&cache) }
    }

    /// Runs `body` on the stored cache as one step; a corrupt file is reported and replaced by
    /// an empty cache, any other storage problem is reported and the call goes on without it.
    func changeThrowing<Result: Sendable>(
        _ body: @escaping @Sendable (inout HeroCache) throws -> Result
    ) async throws -> Result {
        for attempt in 1...2 {
            do {
                return try await store.update { value in
                    var cache = value ?? HeroCache()
                    let result = try body(&cache)
                    value = cache
                    return result
                }
            } catch let problem as StorageError {
                reportStorageProblem(problem)
                // The corrupt file is now aside: the second attempt starts from an empty store.
                guard case .corrupt = problem, attempt == 1 else { break }
            }
        }
        var scratch = HeroCache()
        return try body(&scratch)
    }
}
