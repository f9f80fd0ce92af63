import Domain
import Foundation
import Presentation

/// Every view protocol at once, recording each call in order so a test can compare the whole list.
@MainActor
final class SpyView: HeroListView, HeroEditorView, DeleteHeroView, TeamListView, SyncView, PictureView,
    ErrorView
{
    enum Event: Hashable {
        case heroes(HeroListViewModel)
        case noHeroes(HeroListViewModel, message: String)
        case id(Hero.ID)
        case name(RealName)
        case alias(String)
        case powers([String])
        case team(Team?)
        case picture(PictureReference?)
        case updated(Date, version: Int)
        case motto(String?)
        case stale(Bool)
        case pending(Bool)
        case endUpdates
        case problems([FieldProblem])
        case deleted(Hero.ID)
        case deletionPending(Hero.ID)
        case teams([Team], isStale: Bool)
        case changes(HeroChangeSet)
        case downloaded(PictureFile, Hero.ID)
        case uploaded(URL, Hero.ID)
        case error(ErrorViewModel)
    }

    private(set) var events: [Event] = []

    /// The calls a details view gets for `hero`, in the presenter's order.
    static func card(_ hero: Hero, realName: RealName, isStale: Bool = false) -> [Event] {
        [
            .id(hero.id), .alias(hero.codeName), .name(realName), .powers(hero.powers), .team(hero.team),
            .picture(hero.picture), .updated(hero.updatedAt, version: hero.version), .motto(hero.motto),
            .stale(isStale), .pending(hero.isPending),
            .endUpdates,
        ]
    }

    func showHeroes(_ list: HeroListViewModel) { events.append(.heroes(list)) }
    func showNoHeroes(_ list: HeroListViewModel, message: String) {
        events.append(.noHeroes(list, message: message))
    }
    func updateHero(id: Hero.ID) { events.append(.id(id)) }
    func updateHero(name realName: RealName) { events.append(.name(realName)) }
    func updateHero(alias codeName: String) { events.append(.alias(codeName)) }
    func updateHero(powers: [String]) { events.append(.powers(powers)) }
    func updateHero(team: Team?) { events.append(.team(team)) }
    func updateHero(picture: PictureReference?) { events.append(.picture(picture)) }
    func updateHero(updatedAt: Date, version: Int) { events.append(.updated(updatedAt, version: version)) }
    func updateHero(motto: String?) { events.append(.motto(motto)) }
    func updateHero(stale isStale: Bool) { events.append(.stale(isStale)) }
    func updateHero(pending isPending: Bool) { events.append(.pending(isPending)) }
    func endUpdates() { events.append(.endUpdates) }
    func showProblems(_ problems: [FieldProblem]) { events.append(.problems(problems)) }
    func showDeleted(_ id: Hero.ID) { events.append(.deleted(id)) }
    func showDeletionPending(_ id: Hero.ID) { events.append(.deletionPending(id)) }
    func showTeams(_ teams: [Team], isStale: Bool) { events.append(.teams(teams, isStale: isStale)) }
    func showChanges(_ changes: HeroChangeSet) { events.append(.changes(changes)) }
    func showDownloaded(_ file: PictureFile, for id: Hero.ID) { events.append(.downloaded(file, id)) }
    func showUploaded(_ file: URL, for id: Hero.ID) { events.append(.uploaded(file, id)) }
    func showError(_ error: ErrorViewModel) { events.append(.error(error)) }
}
