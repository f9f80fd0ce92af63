/// *Page* in docs/API.md: one slice of the matching heroes and how many match in all.
struct PageBody: Encodable {
    private enum CodingKeys: String, CodingKey {
        case items, page, total
        case perPage = "per_page"
    }

    /// The heroes on this page.
    let items: [HeroRecord]
    /// The page's number, from 1.
    let page: Int
    /// The page size asked for.
    let perPage: Int
    /// How many heroes match the query, on all pages.
    let total: Int
}
