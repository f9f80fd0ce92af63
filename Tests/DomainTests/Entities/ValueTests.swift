import Domain
import Foundation
import Testing

@Suite("Identifiers, queries, pages and progress")
struct ValueTests {
    @Test(
        "a hero id accepts the contract's alphabet",
        arguments: ["0007", "a", "A-z_9", String(repeating: "x", count: 64)])
    func validHeroIDs(raw: String) throws {
        #expect(try Hero.ID(raw).rawValue == raw)
    }

    @Test(
        "a hero id outside [A-Za-z0-9_-]{1,64} is invalid",
        arguments: ["", "../etc", "a b", "é", "a/b", "a%20", String(repeating: "x", count: 65)]
    )
    func invalidHeroIDs(raw: String) {
        #expect(throws: DomainError.invalid([.id: "must be 1–64 of A–Z, a–z, 0–9, '-' and '_'"])) {
            try Hero.ID(raw)
        }
    }

    @Test("a hero has no motto unless one is given, and two heroes differing only in it are not equal")
    func motto() throws {
        let make = { (motto: String?) in
            Hero(
                id: try Hero.ID("0007"), codeName: "Night Owl", sealedRealName: nil, powers: [], picture: nil,
                team: nil, updatedAt: Date(timeIntervalSince1970: 0), version: 1, motto: motto)
        }
        #expect(try make(nil).motto == nil)
        #expect(try make("Wait.").motto == "Wait.")
        #expect(try make("Wait.") != make(nil))
    }

    @Test("a query defaults to page 1 of 20")
    func queryDefaults() throws {
        let query = try HeroQuery()
        #expect(query.page == 1)
        #expect(query.perPage == 20)
        #expect(query.text == nil)
        #expect(query.teamID == nil)
    }

    @Test(
        "a query out of range names page and per-page",
        arguments: [
            (0, 20, [.page: "must be 1 or more"]),
            (1, 0, [.perPage: "must be 1–100"]),
            (1, 101, [.perPage: "must be 1–100"]),
            (-1, 500, [.page: "must be 1 or more", .perPage: "must be 1–100"]),
        ] as [(Int, Int, [Field: String])]
    )
    func queryBounds(page: Int, perPage: Int, expected: [Field: String]) {
        #expect(throws: DomainError.invalid(expected)) { try HeroQuery(page: page, perPage: perPage) }
    }

    @Test("a search text past 2000 UTF-8 bytes is refused, naming its length; 2000 is kept")
    func queryTextBound() throws {
        #expect(try HeroQuery(text: String(repeating: "é", count: 1000)).text?.utf8.count == 2000)
        #expect(throws: DomainError.invalid([.text: "must be at most 2000 bytes, not 2002"])) {
            try HeroQuery(text: String(repeating: "é", count: 1001))
        }
    }

    @Test(
        "a page knows how many pages there are",
        arguments: [(0, 20, 1), (1, 20, 1), (20, 20, 1), (21, 20, 2), (57, 20, 3)]
    )
    func pageCount(total: Int, perPage: Int, pages: Int) {
        let page = HeroPage(items: [], page: 1, perPage: perPage, total: total)
        #expect(page.pageCount == pages)
        #expect(page.hasNextPage == (pages > 1))
    }

    @Test("progress with an unknown total has no fraction; a known one is clamped to 0–1")
    func progressFractions() {
        #expect(TransferProgress(completedBytes: 10, totalBytes: -1).totalBytes == nil)
        #expect(TransferProgress(completedBytes: 10, totalBytes: nil).fractionCompleted == nil)
        #expect(TransferProgress(completedBytes: 25, totalBytes: 100).fractionCompleted == 0.25)
        #expect(TransferProgress(completedBytes: 0, totalBytes: 0).fractionCompleted == 1)
        #expect(TransferProgress(completedBytes: 200, totalBytes: 100).fractionCompleted == 1)
    }

    @Test("an edit that names nothing changes nothing")
    func emptyEdit() {
        #expect(HeroEdit().changesNothing)
        #expect(!HeroEdit(team: .clear).changesNothing)
        #expect(!HeroEdit(realName: .set("x")).changesNothing)
    }

    @Test("a domain error reads as one line, fields in a stable order")
    func errorDescriptions() {
        #expect(
            DomainError.invalid([
                .powers: "must be at most 20 entries, not 21", .codeName: "must not be empty",
            ])
            .description == "invalid: codeName must not be empty; powers must be at most 20 entries, not 21"
        )
        #expect(DomainError.unauthorized(realm: "heroes").description == "unauthorized (realm \"heroes\")")
        #expect(DomainError.notFound("hero 0042").description == "not found: hero 0042")
        #expect(!DomainError.badData("x").description.contains("\n"))
    }
}
