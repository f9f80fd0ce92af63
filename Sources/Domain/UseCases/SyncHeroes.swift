/// Refreshes the offline copy of the roster and reports what changed.
public struct SyncHeroes: Sendable {
    let heroes: any HeroRepository

    public init(heroes: any HeroRepository) { self.heroes = heroes }

    public func callAsFunction(
        progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
    ) async throws -> HeroChangeSet {
        try await heroes.sync(progress: progress)
    }
}
