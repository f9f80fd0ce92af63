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
    /// A sealed secret in base64, checked to be base64 and never opened.
    public static var base64SealedSecret: Self {
        ValueTransformer<String>.string.map("base64SealedSecret") { text throws(MappingFailure) in
            guard Data(base64Encoded: text) != nil else { throw MappingFailure("is not base64") }
            return SealedSecret(base64: text)
        }
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
