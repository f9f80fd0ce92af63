/// A secret identity sealed (base64 of nonce ‖ ciphertext ‖ tag); only a cipher with the key
/// opens it. Kept as received even when damaged, so an edit sends it back unchanged.
public struct SealedSecret: Sendable, Hashable {
    /// The sealed form exactly as it travels.
    public let base64: String

    /// Wraps a sealed form.
    public init(base64: String) { self.base64 = base64 }
}
