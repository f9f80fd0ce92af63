import Domain
import Foundation
import Presentation
import TestSupport
import Testing

@MainActor
@Suite("Hero details views")
struct HeroDetailsViewTests {
    /// Drives `view` the way the presenter does.
    func drive(
        _ view: any HeroDetailsView, _ hero: Hero, realName: RealName, isStale: Bool = false,
        isPending: Bool = false
    ) {
        view.updateHero(id: hero.id)
        view.updateHero(alias: hero.codeName)
        view.updateHero(name: realName)
        view.updateHero(powers: hero.powers)
        view.updateHero(team: hero.team)
        view.updateHero(picture: hero.picture)
        view.updateHero(updatedAt: hero.updatedAt, version: hero.version)
        view.updateHero(motto: hero.motto)
        view.updateHero(stale: isStale)
        view.updateHero(pending: isPending)
        view.endUpdates()
    }

    @Test("the card shows revealed, classified and unrecorded names distinctly")
    func cards() throws {
        let buffer = TextBuffer()
        let view = ConsoleHeroDetailsView(output: buffer)
        drive(view, try Heroes.nightOwl(), realName: .revealed("Ada Quill"))
        drive(view, try Heroes.nightOwl(), realName: .classified, isStale: true)
        drive(view, try Heroes.tokyo(), realName: .unrecorded)
        drive(view, try Heroes.loner(), realName: .unrecorded, isStale: true, isPending: true)
        Golden.check(buffer.text, named: "hero-details-plain")
    }

    @Test("in colour, with the picture resolved against the server, and cut at a narrow width")
    func colourNarrow() throws {
        let buffer = TextBuffer()
        let view = ConsoleHeroDetailsView(
            output: buffer, style: ConsoleStyle(width: 30, usesColor: true, isTerminal: true),
            pictureBase: URL(string: "http://127.0.0.1:8080"))
        drive(view, try Heroes.loner(), realName: .revealed("Marina Okonkwo-Delacroix"), isStale: true)
        Golden.check(buffer.text, named: "hero-details-colour-narrow")
    }

    @Test("the editor's field problems are an aligned list")
    func problems() {
        let buffer = TextBuffer()
        ConsoleHeroDetailsView(output: buffer).showProblems([
            FieldProblem(field: "codeName", message: "must not be empty"),
            FieldProblem(field: "powers", message: "entry 2 must be 1–120 characters"),
        ])
        Golden.check(buffer.text, named: "hero-editor-problems")
        let quiet = TextBuffer()
        ConsoleHeroDetailsView(output: quiet, listsProblems: false).showProblems([
            FieldProblem(field: "codeName", message: "must not be empty")
        ])
        #expect(quiet.text.isEmpty, "left to the error view")
    }

    @Test("the error view says one problem in one line, several as a header and one line each")
    func problemsAsError() {
        let one = TextBuffer()
        ConsoleErrorView(output: one).showError(
            ErrorPresenter.viewModel(for: DomainError.invalid([.codeName: "must not be empty"])))
        #expect(one.text == "error: invalid: code name must not be empty [validation_failed]\n")
        let several = TextBuffer()
        let invalid = DomainError.invalid([.codeName: "must not be empty", .powers: "entry 2 is too long"])
        ConsoleErrorView(output: several).showError(ErrorPresenter.viewModel(for: invalid))
        #expect(
            several.text == """
                error: invalid: 2 problems [validation_failed]
                  code name  must not be empty
                  powers     entry 2 is too long

                """)
    }

    @Test("a motto is a line of the card and a member of the JSON when the hero has one, and absent when not")
    func motto() throws {
        let quoted = try Hero.sample(motto: "Patience \u{1B}[2J, then flight.")
        let card = TextBuffer()
        let console = ConsoleHeroDetailsView(output: card)
        drive(console, quoted, realName: .classified)
        drive(console, try Heroes.nightOwl(), realName: .classified)
        let cards = card.text.components(separatedBy: "\n\n")
        #expect(cards.first?.contains("motto      Patience \\e[2J, then flight.") == true, "\(card.text)")
        #expect(cards.dropFirst().allSatisfy { !$0.contains("motto") }, "\(card.text)")
        let json = TextBuffer()
        let view = JSONHeroDetailsView(output: json)
        drive(view, quoted, realName: .classified)
        drive(view, try Heroes.nightOwl(), realName: .classified)
        let lines = json.text.split(separator: "\n")
        #expect(lines.first?.contains(#""motto":"Patience \u001b[2J, then flight.""#) == true, "\(json.text)")
        #expect(lines.last?.contains("motto") == false)
    }

    @Test("JSON has real_name null unless revealed, RFC 3339 UTC times, and a full picture URL")
    func json() throws {
        let buffer = TextBuffer()
        let view = JSONHeroDetailsView(output: buffer, pictureBase: URL(string: "http://127.0.0.1:8080"))
        drive(view, try Heroes.nightOwl(), realName: .revealed("Ada Quill"))
        drive(view, try Heroes.nightOwl(), realName: .classified, isStale: true)
        drive(view, try Heroes.tokyo(), realName: .unrecorded, isPending: true)
        view.showProblems([FieldProblem(field: "codeName", message: "must not be empty")])
        Golden.check(buffer.text, named: "hero-details-json")
        #expect(buffer.text.contains(#""updated_at":"2026-11-30T12:00:00Z""#))
        #expect(buffer.text.split(separator: "\n").count == 3, "problems write nothing: the error view does")
        #expect(
            buffer.text.split(separator: "\n").map { $0.contains(#""pending":true"#) } == [
                false, false, true,
            ])
    }
}
