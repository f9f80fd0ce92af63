/// One page of the hero list, ready to show.
public struct HeroListViewModel: Sendable, Hashable {
    /// The heroes on the page.
    public let rows: [HeroRow]
    /// The query that found them; its `page` is the page shown.
    public let query: HeroListQuery
    /// How many pages the matches fill (at least 1).
    public let pageCount: Int
    /// How many heroes match across all pages.
    public let total: Int
    /// Whether the page came from the offline store because the server was unreachable.
    public let isStale: Bool
    /// What the list is, such as `Heroes matching "owl" in team dawn-guard`.
    public let title: String
    /// Where the page is, such as `page 1 of 3 · 42 heroes`.
    public let summary: String

    /// Stores the values as given.
    public init(
        rows: [HeroRow], query: HeroListQuery, pageCount: Int, total: Int, isStale: Bool, title: String,
        summary: String
    ) {
        self.rows = rows
        self.query = query
        self.pageCount = pageCount
        self.total = total
        self.isStale = isStale
        self.title = title
        self.summary = summary
    }

    /// Whether an earlier page exists.
    public var hasPreviousPage: Bool { query.page > 1 }
    /// Whether a later page exists.
    public var hasNextPage: Bool { query.page < pageCount }
}
