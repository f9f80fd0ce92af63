import Domain
import Foundation

/// A details view that collects the facts into a `HeroCard` and shows it at `endUpdates()`.
@MainActor
protocol HeroCardCollecting: HeroDetailsView, AnyObject {
    /// Since the last `endUpdates()`.
    var card: HeroCard { get set }
}

// Each setter is a documented `HeroDetailsView` requirement that stores its fact.
// swift-format-ignore: AllPublicDeclarationsHaveDocumentation
extension HeroCardCollecting {
    public func updateHero(id: Hero.ID) { card.id = id }
    public func updateHero(name realName: RealName) { card.realName = realName }
    public func updateHero(alias codeName: String) { card.codeName = codeName }
    public func updateHero(powers: [String]) { card.powers = powers }
    public func updateHero(team: Team?) { card.team = team }
    public func updateHero(picture: PictureReference?) { card.picture = picture }
    public func updateHero(updatedAt: Date, version: Int) {
        card.updatedAt = updatedAt
        card.version = version
    }
    public func updateHero(stale isStale: Bool) { card.isStale = isStale }
    public func updateHero(pending isPending: Bool) { card.isPending = isPending }
    public func updateHero(motto: String?) { card.motto = motto }
}
