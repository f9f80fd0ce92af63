/// Removes a hero from the roster.
public struct DeleteHero: Sendable {
    let heroes: any HeroRepository

    /// Deletes from `heroes`.
    public init(heroes: any HeroRepository) { self.heroes = heroes }

    /// Deletes the hero, only if unchanged since `expectedVersion`; done or pending.
    @discardableResult
    public func callAsFunction(_ id: Hero.ID, expectedVersion: Int? = nil) async throws -> WriteOutcome {
        try await heroes.delete(id, expectedVersion: expectedVersion)
    }
}
