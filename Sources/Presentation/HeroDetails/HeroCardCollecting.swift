import Domain
import Foundation

/// A details view that keeps each fact in a `HeroCard` as it arrives and shows the card whole
/// at `endUpdates()`. The setters live here once, for the console and the JSON views alike.
@MainActor
protocol HeroCardCollecting: HeroDetailsView, AnyObject {
    /// The facts given since the last `endUpdates()`.
    var card: HeroCard { get set }
}

extension HeroCardCollecting {
    /// Keeps the id.
    public func updateHero(id: Hero.ID) { card.id = id }
    /// Keeps the real name.
    public func updateHero(name realName: RealName) { card.realName = realName }
    /// Keeps the code name.
    public func updateHero(alias codeName: String) { card.codeName = codeName }
    /// Keeps the powers.
    public func updateHero(powers: [String]) { card.powers = powers }
    /// Keeps the team.
    public func updateHero(team: Team?) { card.team = team }
    /// Keeps the picture.
    public func updateHero(picture: PictureReference?) { card.picture = picture }
    /// Keeps the time and version.
    public func updateHero(updatedAt: Date, version: Int) {
        card.updatedAt = updatedAt
        card.version = version
    }
    /// Keeps the freshness.
    public func updateHero(stale isStale: Bool) { card.isStale = isStale }
    /// Keeps whether it is pending.
    public func updateHero(pending isPending: Bool) { card.isPending = isPending }
}
