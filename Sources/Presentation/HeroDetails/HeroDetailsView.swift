import Domain
import Foundation

/// Shows one hero a fact at a time (MVP's passive view): the presenter picks the facts, the view
/// formats them; `endUpdates()` says all have arrived.
@MainActor
public protocol HeroDetailsView {
    /// The hero's id.
    func updateHero(id: Hero.ID)
    /// Revealed, classified, or never recorded.
    func updateHero(name realName: RealName)
    /// The public code name.
    func updateHero(alias codeName: String)
    /// What the hero can do.
    func updateHero(powers: [String])
    /// The hero's team, if any.
    func updateHero(team: Team?)
    /// Where the hero's picture is, if there is one.
    func updateHero(picture: PictureReference?)
    /// When the server last changed the hero, and its version.
    func updateHero(updatedAt: Date, version: Int)
    /// Whether the hero came from the offline store because the server was unreachable.
    func updateHero(stale isStale: Bool)
    /// Whether the hero is a local change the server has not confirmed yet.
    func updateHero(pending isPending: Bool)
    /// The hero's motto, if it has one.
    func updateHero(motto: String?)
    /// Every fact of this hero has been given.
    func endUpdates()
}

extension HeroDetailsView {
    /// Views that do not show pending changes ignore it.
    public func updateHero(pending isPending: Bool) {}
    /// Views that do not show mottos ignore them.
    public func updateHero(motto: String?) {}
}
