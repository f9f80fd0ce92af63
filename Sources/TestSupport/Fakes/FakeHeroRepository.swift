import Domain

/// A `HeroRepository` that answers as each test sets it up and records every call.
public final class FakeHeroRepository: HeroRepository {
    /// A call the fake received, with its arguments.
    public enum Call: Sendable, Hashable {
        case heroes(HeroQuery)
        case hero(Hero.ID)
        case teams
        case create(HeroDraft)
        case replace(Hero.ID, HeroDraft, expectedVersion: Int?)
        case delete(Hero.ID, expectedVersion: Int?)
        case sync
    }

    /// Answers `heroes(matching:)`.
    public let onHeroes = AsyncStub<HeroQuery, Cached<HeroPage>>("HeroRepository.heroes(matching:)")
    /// Answers `hero(_:)`.
    public let onHero = AsyncStub<Hero.ID, Cached<Hero>>("HeroRepository.hero(_:)")
    /// Answers `teams()`.
    public let onTeams = AsyncStub<Void, Cached<[Team]>>("HeroRepository.teams()")
    /// Answers `create(_:)`.
    public let onCreate = AsyncStub<HeroDraft, Hero>("HeroRepository.create(_:)")
    /// Answers `replace(_:with:expectedVersion:)`.
    public let onReplace = AsyncStub<(Hero.ID, HeroDraft, Int?), Hero>(
        "HeroRepository.replace(_:with:expectedVersion:)"
    )
    /// Answers `delete(_:expectedVersion:)`.
    public let onDelete = AsyncStub<(Hero.ID, Int?), WriteOutcome>(
        "HeroRepository.delete(_:expectedVersion:)")
    /// Answers `sync()`.
    public let onSync = AsyncStub<Void, HeroChangeSet>("HeroRepository.sync()")

    private let log = CallLog<Call>()

    /// A fake with nothing set up: every call fails the test until its stub is given an answer.
    public init() {}

    /// Every call so far, oldest first.
    public var calls: [Call] { log.calls }

    /// Records the call, then answers with the stub `onHeroes`.
    public func heroes(matching query: HeroQuery) async throws -> Cached<HeroPage> {
        log.record(.heroes(query))
        return try await onHeroes(query)
    }

    /// Records the call, then answers with the stub `onHero`.
    public func hero(_ id: Hero.ID) async throws -> Cached<Hero> {
        log.record(.hero(id))
        return try await onHero(id)
    }

    /// Records the call, then answers with the stub `onTeams`.
    public func teams() async throws -> Cached<[Team]> {
        log.record(.teams)
        return try await onTeams(())
    }

    /// Records the call, then answers with the stub `onCreate`.
    public func create(_ draft: HeroDraft) async throws -> Hero {
        log.record(.create(draft))
        return try await onCreate(draft)
    }

    /// Records the call, then answers with the stub `onReplace`.
    public func replace(_ id: Hero.ID, with draft: HeroDraft, expectedVersion: Int?) async throws -> Hero {
        log.record(.replace(id, draft, expectedVersion: expectedVersion))
        return try await onReplace((id, draft, expectedVersion))
    }

    /// Records the call, then answers with the stub `onDelete`.
    public func delete(_ id: Hero.ID, expectedVersion: Int?) async throws -> WriteOutcome {
        log.record(.delete(id, expectedVersion: expectedVersion))
        return try await onDelete((id, expectedVersion))
    }

    /// Records the call, then answers with the stub `onSync`.
    public func sync() async throws -> HeroChangeSet {
        log.record(.sync)
        return try await onSync(())
    }
}
