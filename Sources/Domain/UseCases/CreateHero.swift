/// Adds a hero, sealing the real name before it leaves the client.
public struct CreateHero: Sendable {
    let heroes: any HeroRepository
    let cipher: any SecretIdentityCipher

    public init(heroes: any HeroRepository, cipher: any SecretIdentityCipher) {
        self.heroes = heroes
        self.cipher = cipher
    }

    /// Throws `DomainError.invalid` naming every bad field before sending.
    public func callAsFunction(
        codeName: String,
        powers: [String] = [],
        team: Team.ID? = nil,
        realName: String? = nil
    ) async throws -> Hero {
        let draft = try SealedDraftBuilder(cipher: cipher).draft(
            codeName: codeName,
            powers: powers,
            teamID: team,
            realName: realName.map(SealedDraftBuilder.RealNameSource.plainText) ?? .sealed(nil)
        )
        return try await heroes.create(draft)
    }
}
