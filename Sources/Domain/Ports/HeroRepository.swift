/// Where heroes come from and go to. Every method throws `DomainError` (or `CancellationError`).
public protocol HeroRepository: Sendable {
    /// A page of heroes matching the query; may be served stale from the store when offline.
    func heroes(matching query: HeroQuery) async throws -> Cached<HeroPage>
    /// One hero; may be served stale from the store when offline.
    func hero(_ id: Hero.ID) async throws -> Cached<Hero>
    /// Every team; may be served stale from the store when offline.
    func teams() async throws -> Cached<[Team]>
    /// Creates a hero and returns it as the server stored it.
    func create(_ draft: HeroDraft) async throws -> Hero
    /// Replaces a hero whole; with `expectedVersion`, only if it is still at that version.
    func replace(_ id: Hero.ID, with draft: HeroDraft, expectedVersion: Int?) async throws -> Hero
    /// Deletes a hero, only at `expectedVersion` when given; says whether it is done or pending.
    @discardableResult
    func delete(_ id: Hero.ID, expectedVersion: Int?) async throws -> WriteOutcome
    /// Brings the local store up to date and says what changed, telling `progress` per page.
    func sync(progress: @escaping @Sendable (SyncProgress) -> Void) async throws -> HeroChangeSet
}

extension HeroRepository {
    /// Syncs without watching its progress.
    public func sync() async throws -> HeroChangeSet { try await sync(progress: { _ in }) }
}
