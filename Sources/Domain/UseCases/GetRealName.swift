/// Reveals a hero's secret identity, if the clearance key can open it.
///
/// A missing or wrong key is not an error: the name is simply classified. It is given the hero
/// the caller already holds rather than reading it again, so showing a hero costs one read.
public struct GetRealName: Sendable {
    let cipher: any SecretIdentityCipher

    /// Opens identities with `cipher`.
    public init(cipher: any SecretIdentityCipher) {
        self.cipher = cipher
    }

    /// The real name, `.classified` when it cannot be opened, `.unrecorded` when there is none.
    public func callAsFunction(_ hero: Hero) -> RealName {
        guard let sealed = hero.sealedRealName else { return .unrecorded }
        return cipher.open(sealed).map(RealName.revealed) ?? .classified
    }
}
