/// Refreshes the offline copy of the roster and reports what changed.
public struct SyncHeroes: Sendable {
    let heroes: any HeroRepository

    /// Syncs `heroes`' local store with its server.
    public init(heroes: any HeroRepository) { self.heroes = heroes }

    /// What the sync inserted, updated, left alone and deleted.
    public func callAsFunction(
        progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
    ) async throws -> HeroChangeSet {
        try await heroes.sync(progress: progress)
    }
}
