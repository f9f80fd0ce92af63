import Domain
import TestSupport
import Testing

@Suite("Reading heroes: ListHeroes, SearchHeroes, ListTeams")
struct ReadingTests {
    let repository = FakeHeroRepository()

    @Test("listing asks for the page, size and team given, and passes staleness through")
    func listPassesQuery() async throws {
        let page = HeroPage.sample([try .sample()], page: 2, perPage: 5, total: 6)
        repository.onHeroes.returns(Cached(page, isStale: true))

        let result = try await ListHeroes(heroes: repository)(
            page: 2, perPage: 5, team: Team.ID("dawn-guard"))

        #expect(result == Cached(page, isStale: true))
        #expect(
            repository.calls == [.heroes(try HeroQuery(page: 2, perPage: 5, teamID: Team.ID("dawn-guard")))])
    }

    @Test("listing refuses a page out of range before asking the repository")
    func listRefusesBadPage() async {
        await #expect(throws: DomainError.invalid([.page: "must be 1 or more"])) {
            try await ListHeroes(heroes: repository)(page: 0)
        }
        #expect(repository.calls.isEmpty)
    }

    @Test("searching sends the trimmed text with the page")
    func searchTrimsText() async throws {
        repository.onHeroes.returns(Cached(.sample([]), isStale: false))

        let result = try await SearchHeroes(heroes: repository)("  owl ", page: 3)

        #expect(result.value.items.isEmpty)
        #expect(repository.calls == [.heroes(try HeroQuery(page: 3, text: "owl"))])
    }

    @Test("searching for blank text is invalid and asks nothing", arguments: ["", "   ", "\n\t"])
    func searchRefusesBlank(text: String) async {
        await #expect(throws: DomainError.invalid([.text: "must not be empty"])) {
            try await SearchHeroes(heroes: repository)(text)
        }
        #expect(repository.calls.isEmpty)
    }

    @Test("teams come back ordered by name regardless of case")
    func teamsAreSorted() async throws {
        let teams = [
            Team.sample(id: "b", name: "night shift"), .sample(id: "a", name: "Dawn Guard"),
            .sample(id: "c", name: "Zenith"),
        ]
        repository.onTeams.returns(Cached(teams, isStale: true))

        let result = try await ListTeams(heroes: repository)()

        #expect(result.value.map(\.id.rawValue) == ["a", "b", "c"])
        #expect(result.isStale)
    }
}
