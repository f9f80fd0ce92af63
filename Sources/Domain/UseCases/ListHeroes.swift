/// Lists the roster a page at a time, optionally for one team.
public struct ListHeroes: Sendable {
    let heroes: any HeroRepository

    public init(heroes: any HeroRepository) { self.heroes = heroes }

    /// Throws `DomainError.invalid` for a page or size out of range.
    public func callAsFunction(
        page: Int = 1,
        perPage: Int = HeroQuery.defaultPerPage,
        team: Team.ID? = nil
    ) async throws -> Cached<HeroPage> {
        try await heroes.heroes(matching: HeroQuery(page: page, perPage: perPage, teamID: team))
    }
}
