/// One page of heroes, ordered by code name (case-insensitively), then by id.
public struct HeroPage: Sendable, Hashable {
    /// The heroes on this page.
    public let items: [Hero]
    /// The page number, from 1.
    public let page: Int
    /// How many heroes a full page holds.
    public let perPage: Int
    /// How many heroes match the query across all pages.
    public let total: Int

    /// Stores the values as given.
    public init(items: [Hero], page: Int, perPage: Int, total: Int) {
        self.items = items
        self.page = page
        self.perPage = perPage
        self.total = total
    }

    /// How many pages the matching heroes fill (at least 1, so an empty result is "page 1 of 1").
    /// Written without a sum, so no `total` a server sends can overflow it.
    public var pageCount: Int {
        let perPage = max(perPage, 1)
        return max(1, total / perPage + (total % perPage > 0 ? 1 : 0))
    }

    /// Whether a later page has more heroes.
    public var hasNextPage: Bool { page < pageCount }
}
