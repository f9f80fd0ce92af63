import Domain
import Foundation
import Network
import Presentation

/// The commands that read and write heroes and teams, each one presenter driving one view.
@MainActor
struct HeroCommands {
    let graph: AppGraph
    let views: Views

    func list(_ invocation: Invocation, text: String?) async throws {
        let heroes = try graph.heroes
        let presenter = HeroListPresenter(listHeroes: heroes.listHeroes, searchHeroes: heroes.searchHeroes)
        let query = HeroListQuery(
            text: text, team: invocation[.team].map(Team.ID.init),
            page: invocation[.page] ?? 1,
            perPage: invocation[.perPage] ?? HeroQuery.defaultPerPage)
        do {
            try await presenter.activate(with: views.heroList(), query: query)
        } catch DomainError.invalid(let problems) {
            // The contract refuses an unknown team naming no field: say so, with the valid ones.
            guard let team = query.team, let known = try? await heroes.listTeams().value,
                !known.contains(where: { $0.id == team })
            else { throw DomainError.invalid(problems) }
            let ids =
                known.isEmpty
                ? "there are none yet" : "the teams are " + known.map(\.id.rawValue).joined(separator: ", ")
            throw UsageError(
                "\(Option.team.spec.synopsis) '\(team.rawValue.terminalEscaped())' is not a team: \(ids)",
                command: text == nil ? .list : .search)
        }
    }

    func show(_ id: Hero.ID) async throws {
        let heroes = try graph.heroes
        let presenter = HeroDetailsPresenter(
            getHeroDetails: heroes.getHeroDetails, getRealName: heroes.getRealName)
        try await presenter.activate(with: views.heroDetails(), id: id)
    }

    /// `show ID --picture`: the picture drawn after the card, on a terminal that takes colour.
    func drawPicture(_ id: Hero.ID) async throws {
        let drawer = PictureDrawer(graph: graph, views: views)
        guard drawer.isEnabled else {
            views.note("heroes-cli: the picture is drawn only on a terminal, with colour on")
            return
        }
        do {
            try await drawer.draw(id)
        } catch DomainError.notFound(let what) {
            views.note("heroes-cli: no picture to draw: \(what)")
        }
    }

    func create(_ invocation: Invocation) async throws {
        guard let codeName = invocation[.codeName] else {
            throw UsageError("`create` needs \(Option.codeName.spec.synopsis)", command: .create)
        }
        try await editor().create(
            with: views.heroDetails(), codeName: codeName, powers: invocation[.power],
            team: invocation[.team].map(Team.ID.init), realName: invocation[.realName])
    }

    /// Runs `body` under the app plist's one command deadline, so a warm read gives the stale
    /// copy within it and a write past it is kept pending.
    func withinDeadline(_ body: () async throws -> Void) async throws {
        try await WebService.withDeadline(try graph.commandDeadline) { try await body() }
    }

    func update(_ id: Hero.ID, _ invocation: Invocation) async throws {
        let powers = invocation[.power]
        let edit = HeroEdit(
            codeName: invocation[.codeName],
            powers: powers.isEmpty ? nil : powers,
            team: (Self.fieldEdit(invocation[.team]) ?? .keep).map(Team.ID.init),
            realName: Self.fieldEdit(invocation[.realName]) ?? .keep)
        guard !edit.changesNothing else {
            let fields = [Option.codeName.spec, Option.realName.spec, Option.power.spec, Option.team.spec]
            throw UsageError(
                "`update` needs at least one of \(fields.map { "--\($0.name)" }.joined(separator: ", "))",
                command: .update)
        }
        try await editor().update(with: views.heroDetails(), id: id, edit: edit)
    }

    func delete(_ id: Hero.ID) async throws {
        try await DeleteHeroPresenter(deleteHero: graph.heroes.deleteHero).delete(
            with: views.deleteHero(), id: id)
    }

    func teams() async throws {
        try await TeamListPresenter(listTeams: graph.heroes.listTeams).activate(with: views.teams())
    }

    func sync(deadlineSeconds: Int = SyncDeadlineError.defaultSeconds) async throws {
        let progress = RememberingProgress(views.progress())
        let end = ContinuousClock.now + .seconds(deadlineSeconds)
        do {
            try await WebService.withDeadline(.seconds(deadlineSeconds)) {
                try await SyncPresenter(syncHeroes: graph.heroes.syncHeroes(until: end))
                    .activate(with: views.sync(), progress: progress)
            }
        } catch  where ContinuousClock.now >= end {
            throw SyncDeadlineError(seconds: deadlineSeconds, pages: progress.figures)
        }
    }

    func downloadPicture(_ id: Hero.ID, to destination: URL, besideData: Bool = false) async throws {
        try await pictures().download(
            with: views.picture(besideData: besideData), progress: views.progress(), id: id, to: destination)
    }

    func uploadPicture(_ file: URL, for id: Hero.ID) async throws {
        try await pictures().upload(with: views.picture(), progress: views.progress(), file: file, for: id)
    }

    private func editor() throws -> HeroEditorPresenter {
        let heroes = try graph.heroes
        return HeroEditorPresenter(
            createHero: heroes.createHero, updateHero: heroes.updateHero, getRealName: heroes.getRealName)
    }

    private func pictures() throws -> PicturePresenter {
        let pictures = try graph.pictures
        return PicturePresenter(
            downloadPicture: pictures.downloadPicture, uploadPicture: pictures.uploadPicture)
    }

    /// An option that sets a field, where an empty value clears it; `nil` when not given.
    private static func fieldEdit(_ value: String?) -> FieldEdit<String>? {
        guard let value else { return nil }
        return value.isEmpty ? .clear : .set(value)
    }
}

extension FieldEdit {
    func map<Other: Sendable & Hashable>(_ transform: (Value) -> Other) -> FieldEdit<Other> {
        switch self {
        case .keep: .keep
        case .clear: .clear
        case .set(let value): .set(transform(value))
        }
    }
}
