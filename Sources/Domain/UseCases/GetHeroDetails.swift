/// Shows one hero.
public struct GetHeroDetails: Sendable {
    let heroes: any HeroRepository

    /// Uses `heroes` as the source of heroes.
    public init(heroes: any HeroRepository) { self.heroes = heroes }

    /// The hero, saying whether it came from the store while offline.
    public func callAsFunction(_ id: Hero.ID) async throws -> Cached<Hero> {
        try await heroes.hero(id)
    }
}
