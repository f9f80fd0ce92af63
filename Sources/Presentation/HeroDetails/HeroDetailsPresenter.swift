import Domain

/// Shows one hero and, through `GetRealName`, its secret identity.
@MainActor
public final class HeroDetailsPresenter {
    private let getHeroDetails: GetHeroDetails
    private let getRealName: GetRealName

    public init(getHeroDetails: GetHeroDetails, getRealName: GetRealName) {
        self.getHeroDetails = getHeroDetails
        self.getRealName = getRealName
    }

    /// Reads the hero once and opens its real name from that read. On failure the view gets
    /// nothing and the error is rethrown.
    public func activate(with view: any HeroDetailsView, id: Hero.ID) async throws {
        let hero = try await getHeroDetails(id)
        view.show(hero.value, realName: getRealName(hero.value), isStale: hero.isStale)
    }
}

extension HeroDetailsView {
    /// In a fixed order, then `endUpdates()`.
    func show(_ hero: Hero, realName: RealName, isStale: Bool) {
        updateHero(id: hero.id)
        updateHero(alias: hero.codeName)
        updateHero(name: realName)
        updateHero(powers: hero.powers)
        updateHero(team: hero.team)
        updateHero(picture: hero.picture)
        updateHero(updatedAt: hero.updatedAt, version: hero.version)
        updateHero(motto: hero.motto)
        updateHero(stale: isStale)
        updateHero(pending: hero.isPending)
        endUpdates()
    }
}
