/// One page of the hero list, ready to show.
public struct HeroListViewModel: Sendable, Hashable {
    public let rows: [HeroRow]
    /// Its `page` is the page shown.
    public let query: HeroListQuery
    /// At least 1.
    public let pageCount: Int
    /// Across all pages.
    public let total: Int
    /// From the offline store because the server was unreachable.
    public let isStale: Bool
    /// Such as `Heroes matching "owl" in team dawn-guard`.
    public let title: String
    /// Such as `page 1 of 3 · 42 heroes`.
    public let summary: String

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

    public var hasPreviousPage: Bool { query.page > 1 }
    public var hasNextPage: Bool { query.page < pageCount }
}
