/// A sealed secret identity (base64 of nonce ‖ ciphertext ‖ tag). Kept as received even when
/// damaged, so an edit sends it back unchanged.
public struct SealedSecret: Sendable, Hashable {
    public let base64: String

    public init(base64: String) { self.base64 = base64 }
}
