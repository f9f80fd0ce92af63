/// A hero as stored; its JSON is *Hero* in docs/API.md.
struct HeroRecord: Sendable, Equatable, Encodable {
    /// Server-assigned, `[A-Za-z0-9_-]{1,64}`.
    var id: String
    /// 1–80 characters, unique case-insensitively.
    var codeName: String
    /// Sealed; the server never opens it.
    var encryptedRealName: String?
    /// 0–20 entries of 1–120 characters.
    var powers: [String]
    var team: TeamRecord?
    var hasPicture: Bool
    /// RFC 3339, set on every change.
    var updatedAt: String
    /// Starts at 1, +1 on every change.
    var version: Int
    /// Set only in the fixtures (or a state file): no create or replace changes it.
    var motto: String?

    /// Strong: `"<id>-<version>"`.
    var entityTag: String { "\"\(id)-\(version)\"" }

    var picturePath: String { "/v1/heroes/\(id)/picture" }

    var json: [UInt8] { WireJSON.encode(self) }

    static func isValidID(_ text: Substring) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.allSatisfy(isIDByte)
    }

    /// As `isValidID(_:)`, over a string's contiguous bytes when it has them (per request).
    static func isValidID(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { (1...64).contains($0.count) && $0.allSatisfy(isIDByte) }
            ?? isValidID(Substring(text))
    }

    private static func isIDByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    private enum CodingKeys: String, CodingKey {
        case id, powers, team, version, motto
        case codeName = "code_name"
        case encryptedRealName = "encrypted_real_name"
        case pictureURL = "picture_url"
        case updatedAt = "updated_at"
    }

    /// Written out: the contract's optional keys are null, never absent as synthesized code
    /// would leave them.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(codeName, forKey: .codeName)
        try container.encode(encryptedRealName, forKey: .encryptedRealName)
        try container.encode(powers, forKey: .powers)
        try container.encode(hasPicture ? picturePath : nil, forKey: .pictureURL)
        try container.encode(team, forKey: .team)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(version, forKey: .version)
        try container.encodeIfPresent(motto, forKey: .motto)
    }
}
