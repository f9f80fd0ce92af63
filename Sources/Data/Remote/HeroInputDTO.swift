import Domain

/// The body of create and replace: `code_name`, `encrypted_real_name`, `powers`, `team_id`.
public struct HeroInputDTO: Codable, Sendable, Equatable {
    /// `code_name`.
    public var codeName: String
    /// `encrypted_real_name`, sent as null when there is none so a replace clears it.
    public var encryptedRealName: String?
    /// `powers`.
    public var powers: [String]
    /// `team_id`, sent as null when there is none so a replace leaves the team.
    public var teamID: String?

    /// Stores the values as given.
    public init(codeName: String, encryptedRealName: String?, powers: [String], teamID: String?) {
        self.codeName = codeName
        self.encryptedRealName = encryptedRealName
        self.powers = powers
        self.teamID = teamID
    }

    enum CodingKeys: String, CodingKey {
        case codeName = "code_name"
        case encryptedRealName = "encrypted_real_name"
        case powers
        case teamID = "team_id"
    }

    /// Writes every key, nulls included: a full replace must say "none", not leave it out.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(codeName, forKey: .codeName)
        try container.encode(encryptedRealName, forKey: .encryptedRealName)
        try container.encode(powers, forKey: .powers)
        try container.encode(teamID, forKey: .teamID)
    }
}

extension HeroInputDTO {
    /// The body that creates or replaces a hero from a checked draft.
    public init(_ draft: HeroDraft) {
        self.init(
            codeName: draft.codeName, encryptedRealName: draft.sealedRealName?.base64, powers: draft.powers,
            teamID: draft.teamID?.rawValue)
    }

    /// The body that replaces a hero with `hero`'s facts (a merged edit, say).
    public init(_ hero: Hero) {
        self.init(
            codeName: hero.codeName, encryptedRealName: hero.sealedRealName?.base64, powers: hero.powers,
            teamID: hero.team?.id.rawValue)
    }
}
