import Domain
import Foundation

/// Shows one hero a fact at a time (MVP's passive view): the presenter picks the facts, the view
/// formats them; `endUpdates()` says all have arrived.
@MainActor
public protocol HeroDetailsView {
    func updateHero(id: Hero.ID)
    /// Revealed, classified, or never recorded.
    func updateHero(name realName: RealName)
    func updateHero(alias codeName: String)
    func updateHero(powers: [String])
    func updateHero(team: Team?)
    func updateHero(picture: PictureReference?)
    /// When the server last changed the hero.
    func updateHero(updatedAt: Date, version: Int)
    /// From the offline store because the server was unreachable.
    func updateHero(stale isStale: Bool)
    /// A local change the server has not confirmed yet.
    func updateHero(pending isPending: Bool)
    func updateHero(motto: String?)
    /// Every fact has been given.
    func endUpdates()
}
