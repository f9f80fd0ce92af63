/// Removes a hero from the roster.
public struct DeleteHero: Sendable {
    let heroes: any HeroRepository

    /// Deletes from `heroes`.
    public init(heroes: any HeroRepository) { self.heroes = heroes }

    /// Deletes the hero; with `expectedVersion`, only if nobody changed it since. Answers
    /// whether the server confirmed it or it waits, pending, for the next sync.
    @discardableResult
    public func callAsFunction(_ id: Hero.ID, expectedVersion: Int? = nil) async throws -> WriteOutcome {
        try await heroes.delete(id, expectedVersion: expectedVersion)
    }
}
