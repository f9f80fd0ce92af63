/// Changes some facts of a hero and keeps the rest, without overwriting someone else's change.
public struct UpdateHero: Sendable {
    let heroes: any HeroRepository
    let cipher: any SecretIdentityCipher

    public init(heroes: any HeroRepository, cipher: any SecretIdentityCipher) {
        self.heroes = heroes
        self.cipher = cipher
    }

    /// Replaces the hero only at the version read: a concurrent change is
    /// `DomainError.preconditionFailed`, not lost.
    public func callAsFunction(_ id: Hero.ID, applying edit: HeroEdit) async throws -> Hero {
        guard !edit.changesNothing else { throw DomainError.invalid([.edit: "names no change"]) }
        let current = try await heroes.hero(id).value
        let realName: SealedDraftBuilder.RealNameSource =
            switch edit.realName {
            case .keep: .sealed(current.sealedRealName)
            case .clear: .sealed(nil)
            case .set(let name): .plainText(name)
            }
        let teamID: Team.ID? =
            switch edit.team {
            case .keep: current.team?.id
            case .clear: nil
            case .set(let id): id
            }
        let draft = try SealedDraftBuilder(cipher: cipher).draft(
            codeName: edit.codeName ?? current.codeName,
            powers: edit.powers ?? current.powers,
            teamID: teamID,
            realName: realName
        )
        return try await heroes.replace(id, with: draft, expectedVersion: current.version)
    }
}
