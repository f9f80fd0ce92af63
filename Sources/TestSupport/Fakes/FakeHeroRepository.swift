import Domain
import Testing

/// A `HeroRepository` answering as a test sets it up, recording every call.
public final class FakeHeroRepository: HeroRepository {
    /// A recorded call, with its arguments.
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
    public let onHeroes: Stub<HeroQuery, Cached<HeroPage>>
    /// Answers `hero(_:)`.
    public let onHero: Stub<Hero.ID, Cached<Hero>>
    /// Answers `teams()`.
    public let onTeams: Stub<Void, Cached<[Team]>>
    /// Answers `create(_:)`.
    public let onCreate: Stub<HeroDraft, Hero>
    /// Answers `replace(_:with:expectedVersion:)`.
    public let onReplace: Stub<(Hero.ID, HeroDraft, Int?), Hero>
    /// Answers `delete(_:expectedVersion:)`.
    public let onDelete: Stub<(Hero.ID, Int?), WriteOutcome>
    /// Answers `sync(progress:)`; may report progress through the sink.
    public let onSync: Stub<SyncProgressSink, HeroChangeSet>

    private let log = CallLog<Call>()

    /// Reports a sync's progress.
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

    /// Every call, oldest first.
    public var calls: [Call] { log.calls }

    /// Answers with `onHeroes`.
    public func heroes(matching query: HeroQuery) async throws -> Cached<HeroPage> {
        log.record(.heroes(query))
        return try await onHeroes(query)
    }

    /// Answers with `onHero`.
    public func hero(_ id: Hero.ID) async throws -> Cached<Hero> {
        log.record(.hero(id))
        return try await onHero(id)
    }

    /// Answers with `onTeams`.
    public func teams() async throws -> Cached<[Team]> {
        log.record(.teams)
        return try await onTeams(())
    }

    /// Answers with `onCreate`.
    public func create(_ draft: HeroDraft) async throws -> Hero {
        log.record(.create(draft))
        return try await onCreate(draft)
    }

    /// Answers with `onReplace`.
    public func replace(_ id: Hero.ID, with draft: HeroDraft, expectedVersion: Int?) async throws -> Hero {
        log.record(.replace(id, draft, expectedVersion: expectedVersion))
        return try await onReplace((id, draft, expectedVersion))
    }

    /// Answers with `onDelete`.
    public func delete(_ id: Hero.ID, expectedVersion: Int?) async throws -> WriteOutcome {
        log.record(.delete(id, expectedVersion: expectedVersion))
        return try await onDelete((id, expectedVersion))
    }

    /// Answers with `onSync`.
    public func sync(progress: @escaping SyncProgressSink) async throws -> HeroChangeSet {
        log.record(.sync)
        return try await onSync(progress)
    }
}
