import Domain

/// Pages through the roster: lists when the query has no text, searches when it has.
@MainActor
public final class HeroListPresenter {
    private let listHeroes: ListHeroes
    private let searchHeroes: SearchHeroes
    private var view: (any HeroListView)?
    private var shown: HeroListViewModel?

    public init(listHeroes: ListHeroes, searchHeroes: SearchHeroes) {
        self.listHeroes = listHeroes
        self.searchHeroes = searchHeroes
    }

    public var current: HeroListViewModel? { shown }

    /// Shows the page `query` names, keeping `view` and `query` for the paging calls.
    public func activate(with view: any HeroListView, query: HeroListQuery = HeroListQuery()) async throws {
        self.view = view
        try await show(query)
    }

    /// The next page; `false`, showing nothing, when there is none or nothing is shown yet.
    @discardableResult
    public func nextPage() async throws -> Bool {
        guard let shown, shown.hasNextPage else { return false }
        var query = shown.query
        query.page += 1
        try await show(query)
        return true
    }

    /// The previous page; `false`, showing nothing, when this is the first.
    @discardableResult
    public func previousPage() async throws -> Bool {
        guard let shown, shown.hasPreviousPage else { return false }
        var query = shown.query
        query.page = min(query.page - 1, shown.pageCount)
        try await show(query)
        return true
    }

    /// Searches for `text` (nil: everyone) from page 1, keeping the team; nothing before `activate`.
    public func search(_ text: String?) async throws {
        var query = shown?.query ?? HeroListQuery()
        query.text = text
        query.page = 1
        try await show(query)
    }

    /// Filters by `team` (nil: all) from page 1, keeping the search; nothing before `activate`.
    public func filter(team: Team.ID?) async throws {
        var query = shown?.query ?? HeroListQuery()
        query.team = team
        query.page = 1
        try await show(query)
    }

    /// Heroes the pages up to `page` hold at least; `nil` past `Int`.
    private static func heldThrough(_ page: HeroPage) -> Int? {
        let (before, past) = (max(page.page, 1) - 1).multipliedReportingOverflow(by: page.perPage)
        let (held, pastAgain) = before.addingReportingOverflow(page.items.count)
        return past || pastAgain ? nil : held
    }

    private func show(_ query: HeroListQuery) async throws {
        guard let view else { return }
        let cached =
            if let text = query.text {
                try await searchHeroes(text, page: query.page, perPage: query.perPage, team: query.team)
            } else {
                try await listHeroes(page: query.page, perPage: query.perPage, team: query.team)
            }
        // The server's counts are claims: where the page holds more, say what it holds.
        let sent = cached.value
        let page = HeroPage(
            items: sent.items, page: sent.page, perPage: max(sent.perPage, sent.items.count),
            total: sent.items.isEmpty ? sent.total : max(sent.total, Self.heldThrough(sent) ?? sent.total))
        var shownQuery = query
        shownQuery.page = page.page
        shownQuery.perPage = page.perPage
        let list = HeroListViewModel(
            rows: page.items.map(HeroRow.init),
            query: shownQuery,
            pageCount: page.pageCount,
            total: page.total,
            isStale: cached.isStale,
            title: Self.title(for: query),
            summary: "page \(page.page) of \(page.pageCount) · \(Self.count(page.total))"
        )
        shown = list
        if page.items.isEmpty {
            view.showNoHeroes(list, message: Self.emptyMessage(for: list))
        } else {
            view.showHeroes(list)
        }
    }

    private static func title(for query: HeroListQuery) -> String {
        var title = "Heroes"
        if let text = query.text { title += " matching \"\(text)\"" }
        if let team = query.team { title += " in team \(team)" }
        return title
    }

    private static func count(_ total: Int) -> String { total == 1 ? "1 hero" : "\(total) heroes" }

    private static func emptyMessage(for list: HeroListViewModel) -> String {
        if list.total > 0 {
            return
                "No heroes on page \(list.query.page): there \(list.pageCount == 1 ? "is 1 page" : "are \(list.pageCount) pages")."
        }
        switch (list.query.text, list.query.team) {
        case (let text?, let team?): return "No heroes match \"\(text)\" in team \(team)."
        case (let text?, nil): return "No heroes match \"\(text)\"."
        case (nil, let team?): return "No heroes in team \(team)."
        case (nil, nil): return "No heroes yet."
        }
    }
}
