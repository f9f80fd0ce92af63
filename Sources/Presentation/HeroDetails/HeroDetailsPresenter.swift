import Domain

/// Shows one hero and, through the `GetRealName` use case (which opens the sealed name with
/// the clearance key), its secret identity.
@MainActor
public final class HeroDetailsPresenter {
    private let getHeroDetails: GetHeroDetails
    private let getRealName: GetRealName

    /// A presenter over the details and real-name use cases.
    public init(getHeroDetails: GetHeroDetails, getRealName: GetRealName) {
        self.getHeroDetails = getHeroDetails
        self.getRealName = getRealName
    }

    /// Reads the hero once, opens its real name from that same read, then gives `view` every
    /// fact and `endUpdates()`. When the read fails, the view is given nothing and the error is
    /// rethrown unchanged.
    public func activate(with view: any HeroDetailsView, id: Hero.ID) async throws {
        let hero = try await getHeroDetails(id)
        view.show(hero.value, realName: getRealName(hero.value), isStale: hero.isStale)
    }
}

extension HeroDetailsView {
    /// Gives every fact of `hero` in a fixed order, then `endUpdates()`.
    func show(_ hero: Hero, realName: RealName, isStale: Bool) {
        updateHero(id: hero.id)
        updateHero(alias: hero.codeName)
        updateHero(name: realName)
        updateHero(powers: hero.powers)
        updateHero(team: hero.team)
        updateHero(picture: hero.picture)
        updateHero(updatedAt: hero.updatedAt, version: hero.version)
        updateHero(stale: isStale)
        updateHero(pending: hero.isPending)
        endUpdates()
    }
}
