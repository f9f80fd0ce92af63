/// Refreshes the offline copy of the roster and reports what changed.
public struct SyncHeroes: Sendable {
    let heroes: any HeroRepository
    let deadline: ContinuousClock.Instant?

    /// Past `deadline` the sync stops, keeping the heroes it pulled.
    public init(heroes: any HeroRepository, until deadline: ContinuousClock.Instant? = nil) {
        self.heroes = heroes
        self.deadline = deadline
    }

    public func callAsFunction(
        progress: @escaping @Sendable (SyncProgress) -> Void = { _ in }
    ) async throws -> HeroChangeSet {
        try await heroes.sync(until: deadline, progress: progress)
    }
}
