import Domain
import Foundation

/// The `HeroRepository` the app uses (storage, API service and mapper behind one protocol;
/// Nemo Logic's data access controller): it revalidates what it stored with the server by
/// entity tag, stores what comes back, and when the server cannot be reached serves the stored
/// copy, marked stale.
public final class OfflineFirstHeroRepository: HeroRepository {
    private let remote: RemoteHeroDataSource
    private let store: JSONFileStore<HeroCache>
    private let mapper = HeroMapper()
    private let reportStorageProblem: @Sendable (StorageError) -> Void

    /// Reads through `remote`, keeps copies in `store`, and tells `reportStorageProblem` about a
    /// store that had to be moved aside (it then starts empty) or cannot be used.
    public init(
        remote: RemoteHeroDataSource,
        store: JSONFileStore<HeroCache>,
        reportStorageProblem: @escaping @Sendable (StorageError) -> Void
    ) {
        self.remote = remote
        self.store = store
        self.reportStorageProblem = reportStorageProblem
    }

    /// A page: revalidated by its entity tag, stored, and served stale from the store when offline.
    public func heroes(matching query: HeroQuery) async throws -> Cached<HeroPage> {
        let key = HeroCache.key(for: query)
        let cache = await snapshot()
        let entry = cache.pages[key]
        let items = entry?.ids.compactMap { cache.heroes[$0]?.hero } ?? []
        let stored = entry.flatMap { page in
            items.count == page.ids.count
                ? HeroPageDTO(items: items, page: page.page, perPage: page.perPage, total: page.total) : nil
        }
        let tag = entry?.entityTag
        return try await revalidate(stored: stored, map: mapper.page(from:)) {
            switch try await remote.heroes(matching: query, ifNoneMatch: stored == nil ? nil : tag) {
            case .notModified: return nil
            case .fresh(let page, let tag):
                let dtos = page.items.map(mapper.dto(from:))
                await change { cache in
                    for dto in dtos { cache.store(dto) }
                    cache.pages[key] = HeroCache.StoredPage(
                        ids: dtos.map(\.id), page: page.page, perPage: page.perPage, total: page.total,
                        entityTag: tag)
                }
                return page
            }
        }
    }

    /// One hero: revalidated by its entity tag, stored, and served stale when offline; a hero
    /// the server no longer has is dropped from the store.
    public func hero(_ id: Hero.ID) async throws -> Cached<Hero> {
        let stored = await snapshot().heroes[id.rawValue]
        return try await revalidate(stored: stored?.hero, map: mapper.hero(from:)) {
            do {
                switch try await remote.hero(id, ifNoneMatch: stored?.entityTag) {
                case .notModified: return nil
                case .fresh(let hero, _):
                    let dto = mapper.dto(from: hero)
                    await change { $0.store(dto) }
                    return hero
                }
            } catch DomainError.notFound(let what) {
                await change { cache in
                    if cache.heroes.removeValue(forKey: id.rawValue) != nil { cache.pages = [:] }
                }
                throw DomainError.notFound(what)
            }
        }
    }

    /// The teams: revalidated by their entity tag, stored, and served stale when offline.
    public func teams() async throws -> Cached<[Team]> {
        let stored = await snapshot().teams
        let toTeams: ([TeamDTO]) -> [Team] = { $0.map(self.mapper.team(from:)) }
        return try await revalidate(stored: stored?.items, map: toTeams) {
            switch try await remote.teams(ifNoneMatch: stored?.entityTag) {
            case .notModified: return nil
            case .fresh(let teams, let tag):
                let dtos = teams.map { TeamDTO(id: $0.id.rawValue, name: $0.name) }
                await change { $0.teams = HeroCache.StoredTeams(items: dtos, entityTag: tag) }
                return teams
            }
        }
    }

    /// Creates on the server, then stores the hero; pages are forgotten (their tags changed).
    public func create(_ draft: HeroDraft) async throws -> Hero {
        let hero = try await remote.create(draft)
        let dto = mapper.dto(from: hero)
        await change { $0.store(dto) }
        return hero
    }

    /// Replaces on the server, then stores the new version; pages are forgotten.
    public func replace(_ id: Hero.ID, with draft: HeroDraft, expectedVersion: Int?) async throws -> Hero {
        let hero = try await remote.replace(id, with: draft, expectedVersion: expectedVersion)
        let dto = mapper.dto(from: hero)
        await change { $0.store(dto) }
        return hero
    }

    /// Deletes on the server, then from the store; pages are forgotten.
    public func delete(_ id: Hero.ID, expectedVersion: Int?) async throws {
        try await remote.delete(id, expectedVersion: expectedVersion)
        await change { cache in
            cache.heroes.removeValue(forKey: id.rawValue)
            cache.pages = [:]
        }
    }

    /// Fetches every hero, a hundred a page, and merges them into the store by id.
    public func sync() async throws -> HeroChangeSet {
        var incoming: [HeroDTO] = []
        var page = 1
        while true {
            let query = try HeroQuery(page: page, perPage: HeroQuery.perPageRange.upperBound)
            guard case .fresh(let result, _) = try await remote.heroes(matching: query) else {
                throw DomainError.badData("the server answered a sync page with 304 without being asked")
            }
            incoming += result.items.map(mapper.dto(from:))
            guard result.hasNextPage, !result.items.isEmpty else { break }
            page += 1
        }
        let snapshot = incoming
        return try await changeThrowing { cache in
            let (heroes, changes) = try HeroSyncMerge.merge(stored: cache.heroes, incoming: snapshot)
            cache.heroes = heroes
            cache.pages = [:]
            return changes
        }
    }

    // MARK: Offline first

    /// Asks the server (`fetch` answers `nil` for "not modified"); serves `stored` when it is
    /// current, or, marked stale, when the server cannot be reached.
    private func revalidate<DTO: Sendable, Value: Sendable>(
        stored: DTO?,
        map: (DTO) throws -> Value,
        fetch: () async throws -> Value?
    ) async throws -> Cached<Value> {
        do {
            if let fresh = try await fetch() { return Cached(fresh, isStale: false) }
            guard let stored else {
                throw DomainError.badData("the server answered 304 to an unconditional read")
            }
            return Cached(try map(stored), isStale: false)
        } catch DomainError.unavailable(let why) {
            guard let stored else { throw DomainError.unavailable(why) }
            return Cached(try map(stored), isStale: true)
        }
    }

    /// The stored cache, read without writing; a corrupt file is reported (and moved aside by the
    /// store), any other storage problem reported, and the read goes on with an empty cache.
    private func snapshot() async -> HeroCache {
        do {
            return try await store.read() ?? HeroCache()
        } catch let problem as StorageError {
            reportStorageProblem(problem)
        } catch {
            reportStorageProblem(.io(store.url, "\(error)"))
        }
        return HeroCache()
    }

    private func change(_ body: @escaping @Sendable (inout HeroCache) -> Void) async {
        _ = try? await changeThrowing { cache in body(&cache) }
    }

    /// Runs `body` on the stored cache as one step; a corrupt file is reported and replaced by
    /// an empty cache, any other storage problem is reported and the call goes on without it.
    private func changeThrowing<Result: Sendable>(
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
