/// Reveals a hero's secret identity if the key opens it; otherwise it is classified, not an
/// error. It takes the hero already read, so showing a hero costs one read.
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
