/// Finds heroes whose code name or any power contains a text, ignoring case.
public struct SearchHeroes: Sendable {
    let heroes: any HeroRepository

    public init(heroes: any HeroRepository) { self.heroes = heroes }

    /// A blank text is refused rather than read as "everything".
    public func callAsFunction(
        _ text: String,
        page: Int = 1,
        perPage: Int = HeroQuery.defaultPerPage,
        team: Team.ID? = nil
    ) async throws -> Cached<HeroPage> {
        let text = text.trimmed
        guard !text.isEmpty else { throw DomainError.invalid([.text: "must not be empty"]) }
        return try await heroes.heroes(
            matching: HeroQuery(page: page, perPage: perPage, text: text, teamID: team)
        )
    }
}
