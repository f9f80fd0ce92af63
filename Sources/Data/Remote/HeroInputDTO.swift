import Domain

/// The body of create and replace.
public struct HeroInputDTO: Codable, Sendable, Equatable {
    public var codeName: String
    /// Null clears it.
    public var encryptedRealName: String?
    public var powers: [String]
    /// Null leaves the team.
    public var teamID: String?

    enum CodingKeys: String, CodingKey {
        case codeName = "code_name"
        case encryptedRealName = "encrypted_real_name"
        case powers
        case teamID = "team_id"
    }

    /// Writes nulls too: a full replace must say "none".
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(codeName, forKey: .codeName)
        try container.encode(encryptedRealName, forKey: .encryptedRealName)
        try container.encode(powers, forKey: .powers)
        try container.encode(teamID, forKey: .teamID)
    }
}

extension HeroInputDTO {
    public init(_ draft: HeroDraft) {
        self.init(
            codeName: draft.codeName, encryptedRealName: draft.sealedRealName?.base64, powers: draft.powers,
            teamID: draft.teamID?.rawValue)
    }

    /// From `hero`'s facts (a merged edit).
    public init(_ hero: Hero) {
        self.init(
            codeName: hero.codeName, encryptedRealName: hero.sealedRealName?.base64, powers: hero.powers,
            teamID: hero.team?.id.rawValue)
    }
}
