import COpenSSL
import Domain
import Foundation

/// Secret identities per docs/API.md: AES-256-GCM, `base64(nonce ‖ ciphertext ‖ tag)`.
public struct AESGCMSecretIdentityCipher: SecretIdentityCipher {
    static let nonceLength = 12
    static let tagLength = 16

    private let key: ClearanceKey?

    /// `nil` keeps every name classified.
    public init(key: ClearanceKey?) { self.key = key }

    /// With a fresh random nonce; refuses without a key.
    public func seal(_ realName: String) throws -> SealedSecret {
        guard let key else {
            throw DomainError.invalid([.realName: "needs a clearance key to be sealed"])
        }
        var nonce = [UInt8](repeating: 0, count: Self.nonceLength)
        guard RAND_bytes(&nonce, Int32(nonce.count)) == 1,
            let sealed = AESGCM.seal(Array(realName.utf8), key: key.bytes, nonce: nonce)
        else {
            throw DomainError.unavailable("the system's random source or AES-GCM failed")
        }
        return SealedSecret(base64: Data(nonce + sealed.ciphertext + sealed.tag).base64EncodedString())
    }

    /// `nil` without the right key or when damaged.
    public func open(_ sealed: SealedSecret) -> String? {
        guard let key, let data = Data(base64Encoded: sealed.base64),
            data.count >= Self.nonceLength + Self.tagLength
        else { return nil }
        let bytes = Array(data)
        let nonce = Array(bytes[..<Self.nonceLength])
        let ciphertext = Array(bytes[Self.nonceLength..<(bytes.count - Self.tagLength)])
        let tag = Array(bytes[(bytes.count - Self.tagLength)...])
        guard let clear = AESGCM.open(ciphertext, tag: tag, key: key.bytes, nonce: nonce) else { return nil }
        return String(validating: clear, as: UTF8.self)
    }
}
