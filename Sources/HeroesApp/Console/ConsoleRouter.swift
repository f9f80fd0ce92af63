import Domain
import Foundation
import Presentation

/// The console's wireframe (VIPER's router): owns the navigation and builds each screen from
/// the commands' presenters, none of which knows the others.
@MainActor
final class ConsoleRouter {
    private let graph: AppGraph
    /// Every screen but the picture's needs it: built with the router.
    private let heroes: HeroUseCases
    private let views: Views
    private let input: ConsoleInput
    private let prompt: ConsolePrompt
    private let pictures: PictureDrawer
    private var list: (presenter: HeroListPresenter, view: any HeroListView)?

    init(graph: AppGraph, views: Views, input: ConsoleInput) throws {
        self.graph = graph
        heroes = try graph.heroes
        self.views = views
        self.input = input
        prompt = ConsolePrompt(input: input)
        pictures = PictureDrawer(graph: graph, views: views)
    }

    /// Runs the console until the person quits, presses Ctrl-C on the list, or the input ends.
    func run() async {
        prompt.say("Heroes console: ? for help, q to quit.")
        var screen = ConsoleScreen.list
        while true {
            switch screen {
            case .list: screen = await showList()
            case .details(let id): screen = await showDetails(id)
            case .quit: return
            }
        }
    }

    // MARK: The list

    private func showList() async -> ConsoleScreen {
        let screen = list ?? makeList()
        list = screen
        await perform {
            try await screen.presenter.activate(
                with: screen.view, query: screen.presenter.current?.query ?? HeroListQuery())
        }
        while true {
            guard case .line(let typed) = await prompt.ask("heroes> ") else { return .quit }
            let line = typed.trimmingCharacters(in: .whitespaces)
            switch line {
            case "": continue
            case "q", "quit": return .quit
            case "?", "help": prompt.say(ConsoleHelp.list)
            case "n":
                await perform {
                    if try await !screen.presenter.nextPage() { self.prompt.say("this is the last page") }
                }
            case "p":
                await perform {
                    if try await !screen.presenter.previousPage() {
                        self.prompt.say("this is the first page")
                    }
                }
            case "s":
                await sync()
                return .list
            default:
                if line.hasPrefix("/") {
                    let text = String(line.dropFirst()).trimmingCharacters(in: .whitespaces)
                    await perform { try await screen.presenter.search(text.isEmpty ? nil : text) }
                } else if line == "t" {
                    await perform {
                        try await TeamListPresenter(listTeams: self.heroes.listTeams)
                            .activate(with: self.views.teams())
                    }
                } else if line.hasPrefix("t ") {
                    let team = String(line.dropFirst()).trimmingCharacters(in: .whitespaces)
                    await perform {
                        try await screen.presenter.filter(team: team == "-" ? nil : Team.ID(team))
                    }
                } else if let id = hero(named: line, on: screen.presenter.current) {
                    return .details(id)
                } else {
                    prompt.say("unknown command '\(line.terminalEscaped())'; ? lists the commands")
                }
            }
        }
    }

    private func makeList() -> (presenter: HeroListPresenter, view: any HeroListView) {
        (
            HeroListPresenter(listHeroes: heroes.listHeroes, searchHeroes: heroes.searchHeroes),
            views.json ? views.heroList() : ResizingHeroListView(views: views)
        )
    }

    /// The hero a word names: an id on the page, a row number (`0007` is an id), else an id with
    /// a digit. A word without one is a mistyped command.
    private func hero(named word: String, on page: HeroListViewModel?) -> Hero.ID? {
        let rows = page?.rows ?? []
        if let row = rows.first(where: { $0.id.rawValue == word }) { return row.id }
        if let number = Int(word), !word.hasPrefix("0") {
            return number >= 1 && number <= rows.count ? rows[number - 1].id : nil
        }
        guard word.contains(where: \.isNumber) else { return nil }
        return try? Hero.ID(word)
    }

    private func sync() async {
        prompt.say("syncing… (Ctrl-C cancels)")
        let heroes = self.heroes
        let views = self.views
        await perform {
            try await self.input.cancellable {
                try await SyncPresenter(syncHeroes: heroes.syncHeroes())
                    .activate(with: views.sync(), progress: views.progress())
            }
        }
    }

    // MARK: One hero

    private func showDetails(_ id: Hero.ID) async -> ConsoleScreen {
        let card = HeroSnapshotView(showingOn: views.heroDetails(listsProblems: true))
        let presenter = HeroDetailsPresenter(
            getHeroDetails: heroes.getHeroDetails, getRealName: heroes.getRealName)
        guard await perform({ try await presenter.activate(with: card, id: id) }), let hero = card.shown
        else {
            return .list
        }
        if hero.picture != nil { await drawPicture(id) }
        while true {
            let event = await prompt.ask("hero \(id)> ")
            guard case .line(let typed) = event else { return event == .end ? .quit : .list }
            switch typed.trimmingCharacters(in: .whitespaces) {
            case "", "b", "back": return .list
            case "q", "quit": return .quit
            case "?", "help": prompt.say(ConsoleHelp.details)
            case "e", "edit":
                if let next = await edit(card.shown ?? hero, view: card) { return next }
            case "d", "delete":
                if let next = await delete(card.shown ?? hero) { return next }
            case "i", "picture": await savePicture(id)
            case let other: prompt.say("unknown command '\(other)'; ? lists the commands")
            }
        }
    }

    private func drawPicture(_ id: Hero.ID) async {
        guard pictures.isEnabled else { return }
        let pictures = self.pictures
        await perform { try await self.input.cancellable { try await pictures.draw(id) } }
    }

    private func savePicture(_ id: Hero.ID) async {
        let graph = self.graph
        let views = self.views
        await perform {
            try await self.input.cancellable {
                try await PicturePresenter(
                    downloadPicture: graph.pictures.downloadPicture,
                    uploadPicture: graph.pictures.uploadPicture
                )
                .download(
                    with: views.picture(), progress: views.progress(), id: id,
                    to: URL(fileURLWithPath: "\(id.rawValue).png"))
            }
        }
    }

    // MARK: Edit and delete

    /// Asks every field, then saves; a refused field is asked again. `nil` stays on the hero.
    private func edit(_ hero: HeroSnapshotView.Snapshot, view: HeroSnapshotView) async -> ConsoleScreen? {
        guard let id = hero.id else { return nil }
        let editor = HeroEditorPresenter(
            createHero: heroes.createHero, updateHero: heroes.updateHero,
            getRealName: heroes.getRealName)
        let original = EditForm.defaults(for: hero)
        var defaults = original
        let form = EditForm(prompt: prompt)
        while true {
            switch await form.ask(from: defaults, classified: hero.realName == .classified) {
            case .interrupted: return .list
            case .ended: return .quit
            case .answered(let answers):
                let edit = EditForm.edit(from: original, to: answers)
                guard !edit.changesNothing else {
                    prompt.say("nothing changed")
                    return nil
                }
                do {
                    try await editor.update(with: view, id: id, edit: edit)
                    return nil
                } catch DomainError.invalid {
                    prompt.say("not saved; fix the fields (Enter keeps what you typed)")
                    defaults = answers
                } catch {
                    report(error)
                    return nil
                }
            }
        }
    }

    private func delete(_ hero: HeroSnapshotView.Snapshot) async -> ConsoleScreen? {
        guard let id = hero.id else { return nil }
        switch await prompt.ask("delete \(hero.codeName) (\(id))? [y/N] ") {
        case .end: return .quit
        case .interrupt: return .list
        case .line(let answer):
            guard ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased()) else {
                prompt.say("not deleted")
                return nil
            }
            let presenter = DeleteHeroPresenter(deleteHero: heroes.deleteHero)
            return await perform({ try await presenter.delete(with: self.views.deleteHero(), id: id) })
                ? .list : nil
        }
    }

    // MARK: Errors

    /// Runs `work`, showing its error (if any) and staying in the console; `true` when it worked.
    @discardableResult
    private func perform(_ work: () async throws -> Void) async -> Bool {
        do {
            try await work()
            return true
        } catch {
            report(error)
            return false
        }
    }

    private func report(_ error: any Error) {
        switch error {
        case is CancellationError: prompt.say("cancelled")
        case let error as DomainError: ErrorPresenter().present(error, with: views.errorInline())
        default: FailureView.show(error, views: views)
        }
    }
}
