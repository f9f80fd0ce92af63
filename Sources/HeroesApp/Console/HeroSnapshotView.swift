import Domain
import Foundation
import Presentation

/// Passes every fact to the view on screen and keeps the hero, for an edit to start from.
@MainActor
final class HeroSnapshotView: HeroEditorView {
    /// The facts of the last hero shown.
    struct Snapshot: Sendable {
        var id: Hero.ID?
        var codeName = ""
        var realName: RealName = .unrecorded
        var powers: [String] = []
        var team: Team?
        var picture: PictureReference?
    }

    private let screen: any HeroEditorView
    private var collecting = Snapshot()
    /// The last complete hero, once `endUpdates()` has been called.
    private(set) var shown: Snapshot?
    /// The field problems of the last failed save.
    private(set) var problems: [FieldProblem] = []

    init(showingOn screen: any HeroEditorView) { self.screen = screen }

    func updateHero(id: Hero.ID) {
        collecting.id = id
        screen.updateHero(id: id)
    }
    func updateHero(name realName: RealName) {
        collecting.realName = realName
        screen.updateHero(name: realName)
    }
    func updateHero(alias codeName: String) {
        collecting.codeName = codeName
        screen.updateHero(alias: codeName)
    }
    func updateHero(powers: [String]) {
        collecting.powers = powers
        screen.updateHero(powers: powers)
    }
    func updateHero(team: Team?) {
        collecting.team = team
        screen.updateHero(team: team)
    }
    func updateHero(picture: PictureReference?) {
        collecting.picture = picture
        screen.updateHero(picture: picture)
    }
    func updateHero(updatedAt: Date, version: Int) {
        screen.updateHero(updatedAt: updatedAt, version: version)
    }
    func updateHero(motto: String?) { screen.updateHero(motto: motto) }
    func updateHero(stale isStale: Bool) { screen.updateHero(stale: isStale) }
    func updateHero(pending isPending: Bool) { screen.updateHero(pending: isPending) }
    func endUpdates() {
        shown = collecting
        collecting = Snapshot()
        screen.endUpdates()
    }
    func showProblems(_ problems: [FieldProblem]) {
        self.problems = problems
        screen.showProblems(problems)
    }
}
