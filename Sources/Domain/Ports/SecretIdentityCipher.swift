/// Seals and opens secret identities with the client's clearance key.
public protocol SecretIdentityCipher: Sendable {
    /// Throws `DomainError.invalid([.realName: …])` when there is no key.
    func seal(_ realName: String) throws -> SealedSecret
    /// `nil` when there is no key, the key is wrong or the data is damaged.
    func open(_ sealed: SealedSecret) -> String?
}
