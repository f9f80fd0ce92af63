#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A hero as the roster knows it: public facts plus a secret identity that stays sealed.
public struct Hero: Sendable, Hashable, Identifiable {
    /// Opaque and URL-safe (`[A-Za-z0-9_-]{1,64}`), or a draft's (`local.N`) for a hero created
    /// offline and not yet synced.
    public struct ID: Sendable, Hashable, Comparable, CustomStringConvertible {
        public let rawValue: String

        /// Accepts only the contract's alphabet, so an id travels in a URL path unescaped, and draft ids.
        public init(_ rawValue: String) throws(DomainError) {
            let allowed = rawValue.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                        || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_")
            }
            guard allowed && (1...64).contains(rawValue.unicodeScalars.count) || Self.isDraft(rawValue) else {
                throw .invalid([.id: "must be 1–64 of A–Z, a–z, 0–9, '-' and '_'"])
            }
            self.rawValue = rawValue
        }

        /// The id of the `number`th hero created offline, until a sync gives it the server's.
        /// No server can send `local.N`: `.` is outside the contract's alphabet.
        public static func draft(_ number: Int) -> ID { ID(unchecked: "\(draftPrefix)\(max(number, 0))") }

        public var isDraft: Bool { Self.isDraft(rawValue) }

        static let draftPrefix = "local."

        private static func isDraft(_ text: String) -> Bool {
            let number = text.utf8.dropFirst(draftPrefix.utf8.count)
            return text.hasPrefix(draftPrefix) && (1...18).contains(number.count)
                && number.allSatisfy { (0x30...0x39).contains($0) }
        }

        private init(unchecked rawValue: String) { self.rawValue = rawValue }

        public var description: String { rawValue }

        public static func < (lhs: ID, rhs: ID) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public let id: ID
    /// Unique across heroes regardless of case.
    public let codeName: String
    /// Sealed by a client; `nil` when none was ever recorded.
    public let sealedRealName: SealedSecret?
    /// In the order the server keeps.
    public let powers: [String]
    public let picture: PictureReference?
    public let team: Team?
    public let updatedAt: Date
    /// Starts at 1 and grows by one on every change; guards writes against lost updates.
    public let version: Int
    /// Set on the server.
    public let motto: String?
    /// A local change (made offline) the server has not confirmed yet.
    public let isPending: Bool

    /// Stores the values as given; the mapping that builds a hero has checked them.
    public init(
        id: ID,
        codeName: String,
        sealedRealName: SealedSecret?,
        powers: [String],
        picture: PictureReference?,
        team: Team?,
        updatedAt: Date,
        version: Int,
        motto: String? = nil,
        isPending: Bool = false
    ) {
        self.id = id
        self.codeName = codeName
        self.sealedRealName = sealedRealName
        self.powers = powers
        self.picture = picture
        self.team = team
        self.updatedAt = updatedAt
        self.version = version
        self.motto = motto
        self.isPending = isPending
    }
}
