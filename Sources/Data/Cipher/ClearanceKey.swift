import Domain
import Foundation

/// The 32-byte AES-256 key that opens secret identities.
public struct ClearanceKey: Sendable, Equatable {
    /// Always 32.
    let bytes: [UInt8]

    /// Throws `DomainError.invalid` unless base64 of exactly 32 bytes.
    public init(base64: String) throws(DomainError) {
        let text = base64.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let data = Data(base64Encoded: text) else {
            throw .invalid([.clearanceKey: "is not base64"])
        }
        guard data.count == 32 else {
            throw .invalid([.clearanceKey: "must be 32 bytes, not \(data.count)"])
        }
        bytes = Array(data)
    }
}
