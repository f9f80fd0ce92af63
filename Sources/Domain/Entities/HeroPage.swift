/// One page of heroes, ordered by code name (case-insensitively), then by id.
public struct HeroPage: Sendable, Hashable {
    public let items: [Hero]
    /// From 1.
    public let page: Int
    public let perPage: Int
    /// Matches across all pages.
    public let total: Int

    public init(items: [Hero], page: Int, perPage: Int, total: Int) {
        self.items = items
        self.page = page
        self.perPage = perPage
        self.total = total
    }

    /// At least 1, so an empty result is "page 1 of 1"; no sum, so no `total` a server sends overflows.
    public var pageCount: Int {
        let perPage = max(perPage, 1)
        return max(1, total / perPage + (total % perPage > 0 ? 1 : 0))
    }

    public var hasNextPage: Bool { page < pageCount }
}
