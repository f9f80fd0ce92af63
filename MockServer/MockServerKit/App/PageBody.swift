/// *Page* in docs/API.md: one slice of the matching heroes, and the total.
struct PageBody: Encodable {
    private enum CodingKeys: String, CodingKey {
        case items, page, total
        case perPage = "per_page"
    }

    let items: [HeroRecord]
    /// From 1.
    let page: Int
    let perPage: Int
    let total: Int
}
