/// A secret identity in its sealed wire form (base64 of nonce ‖ ciphertext ‖ tag).
///
/// The Domain never looks inside: only a `SecretIdentityCipher` with the right key can open it.
/// It is kept as received even when damaged (not base64, too short): the cipher then refuses
/// it, the name shows as classified, and an edit that keeps it sends it back unchanged.
public struct SealedSecret: Sendable, Hashable {
    /// The sealed form exactly as it travels.
    public let base64: String

    /// Wraps a sealed form.
    public init(base64: String) { self.base64 = base64 }
}
