/// Where heroes come from and go to. Every method throws `DomainError` (or `CancellationError`);
/// reads may be served stale from the store when offline.
public protocol HeroRepository: Sendable {
    func heroes(matching query: HeroQuery) async throws -> Cached<HeroPage>
    func hero(_ id: Hero.ID) async throws -> Cached<Hero>
    func teams() async throws -> Cached<[Team]>
    /// Returns the hero as the server stored it.
    func create(_ draft: HeroDraft) async throws -> Hero
    /// Replaces a hero whole; with `expectedVersion`, only if it is still at that version.
    func replace(_ id: Hero.ID, with draft: HeroDraft, expectedVersion: Int?) async throws -> Hero
    /// Only at `expectedVersion` when given; says whether it is done or pending.
    @discardableResult
    func delete(_ id: Hero.ID, expectedVersion: Int?) async throws -> WriteOutcome
    /// Brings the local store up to date, telling `progress` per page. A page that fails past
    /// `deadline` (the remote's own, bound by it) ends the sync keeping the heroes pulled by then.
    func sync(until deadline: ContinuousClock.Instant?, progress: @escaping @Sendable (SyncProgress) -> Void)
        async throws -> HeroChangeSet
}

extension HeroRepository {
    public func sync(progress: @escaping @Sendable (SyncProgress) -> Void) async throws -> HeroChangeSet {
        try await sync(until: nil, progress: progress)
    }

    public func sync() async throws -> HeroChangeSet { try await sync(until: nil, progress: { _ in }) }
}
