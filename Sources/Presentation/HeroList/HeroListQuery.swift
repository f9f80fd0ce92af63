import Domain

/// Which heroes the list shows: a search text, a team and a page.
public struct HeroListQuery: Sendable, Hashable {
    /// Case-insensitive, in code names and powers; `nil` lists every hero.
    public var text: String?
    /// `nil` for every team.
    public var team: Team.ID?
    /// From 1.
    public var page: Int
    /// 1–100.
    public var perPage: Int

    /// By default the first page of every hero.
    public init(
        text: String? = nil, team: Team.ID? = nil, page: Int = 1, perPage: Int = HeroQuery.defaultPerPage
    ) {
        self.text = text
        self.team = team
        self.page = page
        self.perPage = perPage
    }
}
