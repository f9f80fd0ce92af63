import Domain
import Foundation

/// A details view that keeps each fact in a `HeroCard` as it arrives and shows the card whole
/// at `endUpdates()`. The setters live here once, for the console and the JSON views alike.
@MainActor
protocol HeroCardCollecting: HeroDetailsView, AnyObject {
    /// The facts given since the last `endUpdates()`.
    var card: HeroCard { get set }
}

// Each setter is a `HeroDetailsView` requirement, documented there, and stores its fact in the
// card, nothing more: a comment per setter could only repeat its name.
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
}
