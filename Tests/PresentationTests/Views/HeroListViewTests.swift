import Domain
import Presentation
import TestSupport
import Testing

@MainActor
@Suite("Hero list views")
struct HeroListViewTests {
    func list(isStale: Bool = false, query: HeroListQuery = HeroListQuery(perPage: 3)) throws
        -> HeroListViewModel
    {
        HeroListViewModel(
            rows: try Heroes.roster().map(HeroRow.init), query: query, pageCount: 4, total: 11,
            isStale: isStale,
            title: "Heroes", summary: "page 1 of 4 · 11 heroes"
        )
    }

    func console(_ style: ConsoleStyle, _ show: (ConsoleHeroListView) -> Void) -> String {
        let buffer = TextBuffer()
        show(ConsoleHeroListView(output: buffer, style: style))
        return buffer.text
    }

    @Test("a page is a title, an aligned table and where the page is")
    func plain() throws {
        let list = try list()
        Golden.check(console(.plain) { $0.showHeroes(list) }, named: "hero-list-plain")
    }

    @Test("a local change not yet synced is marked pending in the list, in text and JSON")
    func pendingRow() throws {
        let owl = try Heroes.nightOwl()
        let pending = Hero(
            id: owl.id, codeName: owl.codeName, sealedRealName: nil, powers: owl.powers, picture: nil,
            team: owl.team, updatedAt: owl.updatedAt, version: owl.version, isPending: true)
        let list = HeroListViewModel(
            rows: [HeroRow(pending), HeroRow(try Heroes.tokyo())], query: HeroListQuery(), pageCount: 1,
            total: 2, isStale: true, title: "Heroes", summary: "page 1 of 1 · 2 heroes")
        let text = console(.plain) { $0.showHeroes(list) }
        let lines = text.split(separator: "\n")
        #expect(lines.filter { $0.contains("(pending)") }.count == 1)
        #expect(lines.first { $0.contains("0007") }?.contains("Night Owl (pending)") == true)
        let buffer = TextBuffer()
        JSONHeroListView(output: buffer).showHeroes(list)
        #expect(buffer.text.contains(#""id":"0007","pending":true"#))
        #expect(buffer.text.contains(#""id":"0012","powers""#), "a synced item has no pending key")
    }

    @Test("at a narrow width the widest cells are cut with an ellipsis, wide characters counted twice")
    func narrow() throws {
        let list = try list()
        let text = console(ConsoleStyle(width: 40)) { $0.showHeroes(list) }
        Golden.check(text, named: "hero-list-narrow")
        for line in text.split(separator: "\n") {
            #expect(String(line).count <= 40, "\(line)")
        }
        #expect(text.contains("…"))
    }

    @Test("colour is ANSI SGR only when the style says so, and the stale marker shows in both")
    func colourAndStale() throws {
        let list = try list(isStale: true)
        let coloured = console(ConsoleStyle(width: 80, usesColor: true, isTerminal: true)) {
            $0.showHeroes(list)
        }
        let plain = console(.plain) { $0.showHeroes(list) }
        Golden.check(coloured, named: "hero-list-colour-stale")
        Golden.check(plain, named: "hero-list-plain-stale")
        #expect(coloured.contains("\u{1B}["))
        #expect(!plain.contains("\u{1B}"))
        #expect(plain.contains("(stale: offline copy)"))
    }

    @Test("no heroes is the message, not an empty table")
    func empty() {
        let list = HeroListViewModel(
            rows: [], query: HeroListQuery(text: "zzz"), pageCount: 1, total: 0, isStale: false,
            title: "Heroes matching \"zzz\"", summary: "page 1 of 1 · 0 heroes"
        )
        let text = console(.plain) { $0.showNoHeroes(list, message: "No heroes match \"zzz\".") }
        Golden.check(text, named: "hero-list-empty")
        #expect(!text.contains("CODE NAME"))
    }

    @Test("JSON is items with id, code name, powers and team (or null), then page, size, total, stale")
    func json() throws {
        let buffer = TextBuffer()
        let view = JSONHeroListView(output: buffer)
        view.showHeroes(try list(isStale: true))
        view.showNoHeroes(
            HeroListViewModel(
                rows: [], query: HeroListQuery(page: 2), pageCount: 1, total: 0, isStale: false, title: "",
                summary: ""),
            message: "ignored")
        Golden.check(buffer.text, named: "hero-list-json")
        #expect(
            buffer.text.split(separator: "\n").last
                == #"{"items":[],"page":2,"per_page":20,"stale":false,"total":0}"#)
    }
}
