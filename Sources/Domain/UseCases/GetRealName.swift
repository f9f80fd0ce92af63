/// Reveals a hero's secret identity, if the clearance key can open it.
///
/// A missing or wrong key is not an error: the name is simply classified.
public struct GetRealName: Sendable {
    let heroes: any HeroRepository
    let cipher: any SecretIdentityCipher

    /// Reads heroes from `heroes` and opens their identities with `cipher`.
    public init(heroes: any HeroRepository, cipher: any SecretIdentityCipher) {
        self.heroes = heroes
        self.cipher = cipher
    }

    /// The real name, `.classified` when it cannot be opened, `.unrecorded` when there is none.
    public func callAsFunction(_ id: Hero.ID) async throws -> RealName {
        let hero = try await heroes.hero(id).value
        guard let sealed = hero.sealedRealName else { return .unrecorded }
        return cipher.open(sealed).map(RealName.revealed) ?? .classified
    }
}
