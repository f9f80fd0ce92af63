/// A hero exactly as docs/API.md puts it on the wire; unknown keys are ignored.
public struct HeroDTO: Codable, Sendable, Equatable {
    /// `id`: opaque, URL-safe.
    public var id: String
    /// `code_name`.
    public var codeName: String
    /// `encrypted_real_name`: the sealed identity, or null.
    public var encryptedRealName: String?
    /// `powers`.
    public var powers: [String]
    /// `picture_url`: a path on the same server, or null.
    public var pictureURL: String?
    /// `team`: the nested team, or null.
    public var team: TeamDTO?
    /// `updated_at`: RFC 3339 in UTC.
    public var updatedAt: String
    /// `version`: from 1, +1 on every change.
    public var version: Int

    /// Stores the values as given.
    public init(
        id: String,
        codeName: String,
        encryptedRealName: String?,
        powers: [String],
        pictureURL: String?,
        team: TeamDTO?,
        updatedAt: String,
        version: Int
    ) {
        self.id = id
        self.codeName = codeName
        self.encryptedRealName = encryptedRealName
        self.powers = powers
        self.pictureURL = pictureURL
        self.team = team
        self.updatedAt = updatedAt
        self.version = version
    }

    enum CodingKeys: String, CodingKey {
        case id
        case codeName = "code_name"
        case encryptedRealName = "encrypted_real_name"
        case powers
        case pictureURL = "picture_url"
        case team
        case updatedAt = "updated_at"
        case version
    }
}

/// A team on the wire: `{"id": …, "name": …}`.
public struct TeamDTO: Codable, Sendable, Equatable {
    /// `id`.
    public var id: String
    /// `name`.
    public var name: String

    /// Stores the values as given.
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// A page of heroes on the wire.
public struct HeroPageDTO: Codable, Sendable, Equatable {
    /// `items`.
    public var items: [HeroDTO]
    /// `page`.
    public var page: Int
    /// `per_page`.
    public var perPage: Int
    /// `total`.
    public var total: Int

    /// Stores the values as given.
    public init(items: [HeroDTO], page: Int, perPage: Int, total: Int) {
        self.items = items
        self.page = page
        self.perPage = perPage
        self.total = total
    }

    enum CodingKeys: String, CodingKey {
        case items, page, total
        case perPage = "per_page"
    }
}

/// The body of `GET /v1/teams`.
public struct TeamListDTO: Codable, Sendable, Equatable {
    /// `items`.
    public var items: [TeamDTO]

    /// Stores the teams as given.
    public init(items: [TeamDTO]) { self.items = items }
}

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
