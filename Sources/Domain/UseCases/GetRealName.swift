/// Reveals a hero's secret identity if the key opens it; otherwise it is classified, not an error.
public struct GetRealName: Sendable {
    let cipher: any SecretIdentityCipher

    public init(cipher: any SecretIdentityCipher) {
        self.cipher = cipher
    }

    /// `.classified` when it cannot be opened, `.unrecorded` when there is none.
    public func callAsFunction(_ hero: Hero) -> RealName {
        guard let sealed = hero.sealedRealName else { return .unrecorded }
        return cipher.open(sealed).map(RealName.revealed) ?? .classified
    }
}
