/// Removes a hero from the roster.
public struct DeleteHero: Sendable {
    let heroes: any HeroRepository

    public init(heroes: any HeroRepository) { self.heroes = heroes }

    /// Only if unchanged since `expectedVersion`, when given.
    @discardableResult
    public func callAsFunction(_ id: Hero.ID, expectedVersion: Int? = nil) async throws -> WriteOutcome {
        try await heroes.delete(id, expectedVersion: expectedVersion)
    }
}
