import Domain
import Testing

/// Answers as each test sets it up and records every call.
public final class FakeHeroRepository: HeroRepository {
    public enum Call: Sendable, Hashable {
        case heroes(HeroQuery)
        case hero(Hero.ID)
        case teams
        case create(HeroDraft)
        case replace(Hero.ID, HeroDraft, expectedVersion: Int?)
        case delete(Hero.ID, expectedVersion: Int?)
        case sync
    }

    public let onHeroes: Stub<HeroQuery, Cached<HeroPage>>
    public let onHero: Stub<Hero.ID, Cached<Hero>>
    public let onTeams: Stub<Void, Cached<[Team]>>
    public let onCreate: Stub<HeroDraft, Hero>
    public let onReplace: Stub<(Hero.ID, HeroDraft, Int?), Hero>
    public let onDelete: Stub<(Hero.ID, Int?), WriteOutcome>
    /// May report progress through the sink.
    public let onSync: Stub<SyncProgressSink, HeroChangeSet>

    private let log = CallLog<Call>()

    public typealias SyncProgressSink = @Sendable (SyncProgress) -> Void

    /// Every call fails the test at `sourceLocation` until stubbed.
    public init(sourceLocation: SourceLocation = #_sourceLocation) {
        onHeroes = Stub("HeroRepository.heroes(matching:)", sourceLocation: sourceLocation)
        onHero = Stub("HeroRepository.hero(_:)", sourceLocation: sourceLocation)
        onTeams = Stub("HeroRepository.teams()", sourceLocation: sourceLocation)
        onCreate = Stub("HeroRepository.create(_:)", sourceLocation: sourceLocation)
        onReplace = Stub("HeroRepository.replace(_:with:expectedVersion:)", sourceLocation: sourceLocation)
        onDelete = Stub("HeroRepository.delete(_:expectedVersion:)", sourceLocation: sourceLocation)
        onSync = Stub("HeroRepository.sync(progress:)", sourceLocation: sourceLocation)
    }

    public var calls: [Call] { log.calls }

    public func heroes(matching query: HeroQuery) async throws -> Cached<HeroPage> {
        log.record(.heroes(query))
        return try await onHeroes(query)
    }

    public func hero(_ id: Hero.ID) async throws -> Cached<Hero> {
        log.record(.hero(id))
        return try await onHero(id)
    }

    public func teams() async throws -> Cached<[Team]> {
        log.record(.teams)
        return try await onTeams(())
    }

    public func create(_ draft: HeroDraft) async throws -> Hero {
        log.record(.create(draft))
        return try await onCreate(draft)
    }

    public func replace(_ id: Hero.ID, with draft: HeroDraft, expectedVersion: Int?) async throws -> Hero {
        log.record(.replace(id, draft, expectedVersion: expectedVersion))
        return try await onReplace((id, draft, expectedVersion))
    }

    public func delete(_ id: Hero.ID, expectedVersion: Int?) async throws -> WriteOutcome {
        log.record(.delete(id, expectedVersion: expectedVersion))
        return try await onDelete((id, expectedVersion))
    }

    public func sync(until deadline: ContinuousClock.Instant?, progress: @escaping SyncProgressSink)
        async throws -> HeroChangeSet
    {
        log.record(.sync)
        return try await onSync(progress)
    }
}
