import Domain

/// Which heroes the list shows: a search text, a team and a page.
public struct HeroListQuery: Sendable, Hashable {
    /// A case-insensitive search of code names and powers; `nil` lists every hero.
    public var text: String?
    /// Only heroes of this team; `nil` for every team.
    public var team: Team.ID?
    /// The page, from 1.
    public var page: Int
    /// How many heroes a page holds, 1–100.
    public var perPage: Int

    /// A query; by default the first page of every hero.
    public init(
        text: String? = nil, team: Team.ID? = nil, page: Int = 1, perPage: Int = HeroQuery.defaultPerPage
    ) {
        self.text = text
        self.team = team
        self.page = page
        self.perPage = perPage
    }
}
