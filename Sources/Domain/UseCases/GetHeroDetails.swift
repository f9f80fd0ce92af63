/// Shows one hero.
public struct GetHeroDetails: Sendable {
    let heroes: any HeroRepository

    public init(heroes: any HeroRepository) { self.heroes = heroes }

    /// Says whether it came from the store while offline.
    public func callAsFunction(_ id: Hero.ID) async throws -> Cached<Hero> {
        try await heroes.hero(id)
    }
}
