import Domain
import Presentation
import TestSupport
import Testing

@MainActor
@Suite("HeroListPresenter")
struct HeroListPresenterTests {
    let repository = FakeHeroRepository()
    let view = SpyView()
    var presenter: HeroListPresenter {
        HeroListPresenter(
            listHeroes: ListHeroes(heroes: repository), searchHeroes: SearchHeroes(heroes: repository))
    }

    /// Answers every query with a page of `heroes` numbered as asked, `total` heroes in all.
    func serve(_ heroes: [Hero], total: Int, isStale: Bool = false) {
        repository.onHeroes.answers { query in
            Cached(
                HeroPage(items: heroes, page: query.page, perPage: query.perPage, total: total),
                isStale: isStale)
        }
    }

    @Test("activating lists the first page and shows it, title and summary included")
    func activateListsFirstPage() async throws {
        let heroes = try Heroes.roster()
        serve(heroes, total: 3)

        try await presenter.activate(with: view)

        #expect(repository.calls == [.heroes(try HeroQuery(page: 1, perPage: 20))])
        let expected = HeroListViewModel(
            rows: heroes.map(HeroRow.init), query: HeroListQuery(), pageCount: 1, total: 3, isStale: false,
            title: "Heroes", summary: "page 1 of 1 · 3 heroes"
        )
        #expect(view.events == [.heroes(expected)])
    }

    @Test("a page holding more heroes than the server's total says what it holds")
    func totalBelowThePage() async throws {
        let heroes = try Heroes.roster()
        serve(heroes, total: 1)

        try await presenter.activate(with: view)

        guard case .heroes(let shown) = view.events.first else {
            Issue.record("no list shown: \(view.events)")
            return
        }
        #expect(shown.total == heroes.count)
        #expect(shown.summary == "page 1 of 1 · \(heroes.count) heroes")
    }

    @Test("a query with text searches, and the title says what and which team")
    func textSearches() async throws {
        let heroes = [try Heroes.nightOwl()]
        serve(heroes, total: 1, isStale: true)
        let team = Team.ID("dawn-guard")

        try await presenter.activate(with: view, query: HeroListQuery(text: "owl", team: team, perPage: 5))

        #expect(repository.calls == [.heroes(try HeroQuery(page: 1, perPage: 5, text: "owl", teamID: team))])
        let expected = HeroListViewModel(
            rows: heroes.map(HeroRow.init), query: HeroListQuery(text: "owl", team: team, perPage: 5),
            pageCount: 1, total: 1, isStale: true, title: "Heroes matching \"owl\" in team dawn-guard",
            summary: "page 1 of 1 · 1 hero"
        )
        #expect(view.events == [.heroes(expected)])
    }

    @Test(
        "an empty result is a message, not an empty table",
        arguments: [
            (nil, nil, "No heroes yet."), ("zzz", nil, "No heroes match \"zzz\"."),
            (nil, "x-men", "No heroes in team x-men."),
            ("zzz", "x-men", "No heroes match \"zzz\" in team x-men."),
        ] as [(String?, String?, String)]
    )
    func emptyIsAMessage(text: String?, team: String?, message: String) async throws {
        serve([], total: 0)
        let query = HeroListQuery(text: text, team: team.map(Team.ID.init))

        try await presenter.activate(with: view, query: query)

        guard case .noHeroes(let list, let shown) = try #require(view.events.first), view.events.count == 1
        else {
            Issue.record("expected one noHeroes, got \(view.events)")
            return
        }
        #expect(shown == message)
        #expect(list.rows.isEmpty && list.total == 0 && list.pageCount == 1 && list.query == query)
    }

    @Test("a page past the end says how many pages there are")
    func pastTheEnd() async throws {
        serve([], total: 45)
        try await presenter.activate(with: view, query: HeroListQuery(page: 9))
        guard case .noHeroes(let list, let message) = view.events.first else {
            Issue.record("expected noHeroes, got \(view.events)")
            return
        }
        #expect(message == "No heroes on page 9: there are 3 pages.")
        #expect(list.hasPreviousPage && !list.hasNextPage)
    }

    @Test("next and previous page move through the pages and stop at either end")
    func paging() async throws {
        let heroes = try Heroes.roster()
        serve(heroes, total: 45)
        let presenter = presenter

        #expect(try await presenter.previousPage() == false, "nothing is shown yet")
        try await presenter.activate(with: view, query: HeroListQuery(page: 2))
        #expect(try await presenter.nextPage())
        #expect(try await presenter.nextPage() == false, "page 3 is the last")
        #expect(try await presenter.previousPage())

        #expect(repository.calls == [2, 3, 2].map { .heroes(try! HeroQuery(page: $0)) })
        let pages = view.events.compactMap { event -> Int? in
            guard case .heroes(let list) = event else { return nil }
            return list.query.page
        }
        #expect(pages == [2, 3, 2])
        #expect(presenter.current?.summary == "page 2 of 3 · 45 heroes")
    }

    @Test("search and filter start again at page 1 and keep the other half of the query")
    func searchAndFilter() async throws {
        serve(try Heroes.roster(), total: 45)
        let presenter = presenter
        let team = Team.ID("dawn-guard")

        try await presenter.activate(with: view, query: HeroListQuery(page: 3))
        try await presenter.filter(team: team)
        try await presenter.search("owl")
        try await presenter.search(nil)

        #expect(
            repository.calls == [
                .heroes(try HeroQuery(page: 3)), .heroes(try HeroQuery(page: 1, teamID: team)),
                .heroes(try HeroQuery(page: 1, text: "owl", teamID: team)),
                .heroes(try HeroQuery(page: 1, teamID: team)),
            ])
    }

    @Test("a failure shows nothing, is rethrown unchanged, and leaves the shown page in place")
    func failureIsRethrown() async throws {
        serve(try Heroes.roster(), total: 45)
        let presenter = presenter
        try await presenter.activate(with: view)
        repository.onHeroes.fails(with: DomainError.unavailable("connection refused"))

        await #expect(throws: DomainError.unavailable("connection refused")) {
            try await presenter.nextPage()
        }

        #expect(view.events.count == 1)
        #expect(presenter.current?.query.page == 1)
    }

    @Test("a blank search is the Domain's validation error, rethrown unchanged")
    func blankSearch() async throws {
        await #expect(throws: DomainError.invalid([.text: "must not be empty"])) {
            try await presenter.activate(with: view, query: HeroListQuery(text: "  "))
        }
        #expect(repository.calls.isEmpty)
        #expect(view.events.isEmpty)
    }
}
