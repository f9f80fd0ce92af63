import Domain
import Foundation

extension ValueTransformer where Value == Date {
    /// An RFC 3339 time (`2026-11-30T12:00:00Z`, fractional seconds and offsets allowed).
    public static var rfc3339Date: Self {
        ValueTransformer<String>.string.map("rfc3339Date") { text throws(MappingFailure) in
            guard let date = RFC3339.date(from: text) else {
                throw MappingFailure("'\(text)' is not an RFC 3339 time")
            }
            return date
        }
    }
}

extension ValueTransformer where Value == SealedSecret {
    /// A sealed secret exactly as the server sent it, never opened and never judged: one that
    /// is damaged (not base64, or shorter than a nonce and a tag) is kept as it is, so the cipher
    /// refuses it and the real name shows as classified. Refusing it here would drop the whole
    /// hero from its page for the one fact the client cannot read anyway, and mapping it to
    /// `nil` would say the hero has no secret identity, which an edit would then write back.
    public static var sealedSecret: Self {
        ValueTransformer<String>.string.map("sealedSecret") { text in SealedSecret(base64: text) }
    }
}

extension ValueTransformer where Value == PictureReference {
    /// A server-relative path (`/v1/heroes/0007/picture`) as a picture reference.
    public static var picturePath: Self {
        ValueTransformer<String>.string.map("picturePath") { path throws(MappingFailure) in
            guard path.hasPrefix("/") else { throw MappingFailure("'\(path)' is not a server path") }
            return PictureReference(path: path)
        }
    }
}

extension ValueTransformer where Value == Hero.ID {
    /// A hero id as the contract allows it.
    public static var heroID: Self {
        ValueTransformer<String>.string.map("heroID") { text throws(MappingFailure) in
            do {
                return try Hero.ID(text)
            } catch {
                throw MappingFailure("'\(text)' is not 1–64 of [A-Za-z0-9_-]")
            }
        }
    }
}

extension ValueTransformer where Value == Team.ID {
    /// A team id.
    public static var teamID: Self {
        ValueTransformer<String>.string.map("teamID") { text throws(MappingFailure) in
            guard !text.isEmpty else { throw MappingFailure("must not be empty") }
            return Team.ID(text)
        }
    }
}
