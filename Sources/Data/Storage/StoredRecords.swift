import Domain
import Foundation

/// A hero as the store keeps it: the Domain's `Hero` and the server's entity tag. The store's own
/// JSON, not the server's: a change of the API's keys never touches a cache.
public struct StoredHero: Sendable, Equatable {
    /// The hero, as the server last confirmed it.
    public var hero: Hero
    /// The server's entity tag (or the contract's `"<id>-<version>"` when it sent none).
    public var entityTag: String?

    /// A hero and its tag.
    public init(_ hero: Hero, entityTag: String?) {
        self.hero = hero
        self.entityTag = entityTag
    }

    /// The key the contract orders heroes by: the code name without regard to case (then the id).
    var sortName: String { hero.codeName.lowercased() }
}

/// A page as the server numbered it, by hero ids, and its entity tag.
public struct StoredPage: Codable, Sendable, Equatable {
    /// The heroes' ids, in the page's order.
    public var ids: [String]
    /// The page's number.
    public var page: Int
    /// The page size asked for.
    public var perPage: Int
    /// How many heroes matched in all.
    public var total: Int
    /// The page's entity tag.
    public var entityTag: String?

    /// A page as received.
    public init(ids: [String], page: Int, perPage: Int, total: Int, entityTag: String?) {
        self.ids = ids
        self.page = page
        self.perPage = perPage
        self.total = total
        self.entityTag = entityTag
    }

    /// Decodes a page, refusing numbers the contract never sends (so no later sum can overflow).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ids = try container.decode([String].self, forKey: .ids)
        page = try container.decode(Int.self, forKey: .page, in: 1...StoredLimits.count)
        perPage = try container.decode(Int.self, forKey: .perPage, in: 1...StoredLimits.count)
        total = try container.decode(Int.self, forKey: .total, in: 0...StoredLimits.count)
        entityTag = try container.decodeIfPresent(String.self, forKey: .entityTag)
    }
}

/// The teams and their entity tag.
public struct StoredTeams: Sendable, Equatable {
    /// The teams, in the server's order.
    public var teams: [Team]
    /// The list's entity tag.
    public var entityTag: String?

    /// The teams as received.
    public init(_ teams: [Team], entityTag: String?) {
        self.teams = teams
        self.entityTag = entityTag
    }
}

/// A write made while the server could not be reached, kept until a sync pushes it and the
/// server confirms it: the Domain's edit and the hero it was based on.
public struct PendingChange: Sendable, Equatable {
    /// What the write does.
    public enum Kind: String, Codable, Sendable {
        /// `POST /v1/heroes`; the hero has a local id until the server gives it one.
        case create
        /// `PUT /v1/heroes/{id}`.
        case replace
        /// `DELETE /v1/heroes/{id}`.
        case delete
    }

    /// Its place in the order of writes; unique within a store.
    var sequence: Int
    /// What it does.
    var kind: Kind
    /// The hero's id: a local one (`local-…`) for a hero created offline.
    var id: String
    /// The facts a create or a replace sends.
    var draft: HeroDraft?
    /// The version the write was based on, sent as `If-Match`.
    var expectedVersion: Int?
    /// The stored hero the write was based on, for merging with the server's on a 412.
    var base: Hero?
    /// When it was made.
    var madeAt: Date
    /// A create's `Idempotency-Key`: made when the change was queued and sent with every
    /// attempt, so a server that already applied it answers the same hero instead of a second.
    var idempotencyKey: String?

    /// The prefix of the ids of heroes created offline.
    static let localPrefix = "local-"

    /// The local id of the `number`th hero created offline in a store.
    static func localID(_ number: Int) -> String { localPrefix + String(number) }

    /// A fresh `Idempotency-Key` value.
    static func newIdempotencyKey() -> String { UUID().uuidString.lowercased() }

    /// Whether `id` was made by this client for a hero the server does not know yet.
    static func isLocal(_ id: String) -> Bool { id.hasPrefix(localPrefix) }
}

/// The pending changes, oldest first, and the last number given to a hero created offline.
public struct PendingQueue: Codable, Sendable, Equatable {
    /// The changes, in the order they were made.
    public var changes: [PendingChange] = []
    /// The last `local-N` number given; never given again.
    public var lastLocalNumber = 0

    /// No pending change.
    public init() {}

    enum CodingKeys: String, CodingKey { case changes, lastLocalNumber }
}

/// Bounds on the numbers a store file may hold, so that tampered counters cannot overflow.
enum StoredLimits {
    /// The largest count, page number, sequence or version a store accepts (2^40).
    static let count = 1 << 40
}

// MARK: The store's JSON

extension StoredHero: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, codeName, realName, powers, picture, team, updatedAt, version, motto, entityTag
    }

    /// Decodes a hero, checking what the Domain's types check (an id of the contract's form) and
    /// the counters' bounds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let team = try container.decodeIfPresent(StoredTeam.self, forKey: .team)
        hero = Hero(
            id: try container.decodeHeroID(forKey: .id),
            codeName: try container.decode(String.self, forKey: .codeName),
            sealedRealName: try container.decodeIfPresent(String.self, forKey: .realName).map(
                SealedSecret.init),
            powers: try container.decode([String].self, forKey: .powers),
            picture: try container.decodeIfPresent(String.self, forKey: .picture).map(PictureReference.init),
            team: team.map { Team(id: Team.ID($0.id), name: $0.name) },
            updatedAt: try container.decodeDate(forKey: .updatedAt),
            version: try container.decode(Int.self, forKey: .version, in: 1...StoredLimits.count),
            motto: try container.decodeIfPresent(String.self, forKey: .motto))
        entityTag = try container.decodeIfPresent(String.self, forKey: .entityTag)
    }

    /// Encodes the hero's facts (never its pending mark: a stored hero is the server's).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(hero.id.rawValue, forKey: .id)
        try container.encode(hero.codeName, forKey: .codeName)
        try container.encodeIfPresent(hero.sealedRealName?.base64, forKey: .realName)
        try container.encode(hero.powers, forKey: .powers)
        try container.encodeIfPresent(hero.picture?.path, forKey: .picture)
        try container.encodeIfPresent(hero.team.map(StoredTeam.init), forKey: .team)
        try container.encode(hero.updatedAt, forKey: .updatedAt)
        try container.encode(hero.version, forKey: .version)
        try container.encodeIfPresent(hero.motto, forKey: .motto)
        try container.encodeIfPresent(entityTag, forKey: .entityTag)
    }
}

/// A team as the store writes it.
struct StoredTeam: Codable {
    var id: String
    var name: String

    init(_ team: Team) {
        id = team.id.rawValue
        name = team.name
    }
}

extension StoredTeams: Codable {
    private enum CodingKeys: String, CodingKey { case teams, entityTag }

    /// Decodes the teams.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        teams = try container.decode([StoredTeam].self, forKey: .teams).map {
            Team(id: Team.ID($0.id), name: $0.name)
        }
        entityTag = try container.decodeIfPresent(String.self, forKey: .entityTag)
    }

    /// Encodes the teams.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(teams.map(StoredTeam.init), forKey: .teams)
        try container.encodeIfPresent(entityTag, forKey: .entityTag)
    }
}

extension PendingChange: Codable {
    private enum CodingKeys: String, CodingKey {
        case sequence, kind, id, draft, expectedVersion, base, madeAt, idempotencyKey
    }

    /// A draft's facts; decoding checks them again, as `HeroDraft` does.
    private struct StoredDraft: Codable {
        var codeName: String
        var powers: [String]
        var teamID: String?
        var realName: String?
    }

    /// Decodes a change, refusing a draft the Domain would refuse and counters out of bounds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sequence = try container.decode(Int.self, forKey: .sequence, in: 0...StoredLimits.count)
        kind = try container.decode(Kind.self, forKey: .kind)
        id = try container.decodeHeroID(forKey: .id).rawValue
        if let stored = try container.decodeIfPresent(StoredDraft.self, forKey: .draft) {
            do {
                draft = try HeroDraft(
                    codeName: stored.codeName, powers: stored.powers, teamID: stored.teamID.map(Team.ID.init),
                    sealedRealName: stored.realName.map(SealedSecret.init))
            } catch {
                throw DecodingError.dataCorruptedError(
                    forKey: .draft, in: container, debugDescription: "\(error)")
            }
        }
        if let version = try container.decodeIfPresent(Int.self, forKey: .expectedVersion) {
            guard (0...StoredLimits.count).contains(version) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .expectedVersion, in: container, debugDescription: "out of range")
            }
            expectedVersion = version
        }
        base = try container.decodeIfPresent(StoredHero.self, forKey: .base)?.hero
        madeAt = try container.decodeDate(forKey: .madeAt)
        idempotencyKey = try container.decodeIfPresent(String.self, forKey: .idempotencyKey)
    }

    /// Encodes the change.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sequence, forKey: .sequence)
        try container.encode(kind, forKey: .kind)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(
            draft.map {
                StoredDraft(
                    codeName: $0.codeName, powers: $0.powers, teamID: $0.teamID?.rawValue,
                    realName: $0.sealedRealName?.base64)
            }, forKey: .draft)
        try container.encodeIfPresent(expectedVersion, forKey: .expectedVersion)
        try container.encodeIfPresent(base.map { StoredHero($0, entityTag: nil) }, forKey: .base)
        try container.encode(madeAt, forKey: .madeAt)
        try container.encodeIfPresent(idempotencyKey, forKey: .idempotencyKey)
    }
}

extension KeyedDecodingContainer {
    /// An integer that must lie in `range`.
    fileprivate func decode(_ type: Int.Type, forKey key: Key, in range: ClosedRange<Int>) throws -> Int {
        let value = try decode(Int.self, forKey: key)
        guard range.contains(value) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "out of range")
        }
        return value
    }

    /// A date between the years 1 and 9999, as formatters can print.
    fileprivate func decodeDate(forKey key: Key) throws -> Date {
        let date = try decode(Date.self, forKey: key)
        guard (-62_135_596_800...253_402_300_799).contains(date.timeIntervalSince1970) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "out of range")
        }
        return date
    }

    /// A hero id of the contract's form.
    fileprivate func decodeHeroID(forKey key: Key) throws -> Hero.ID {
        do {
            return try Hero.ID(decode(String.self, forKey: key))
        } catch let error as DomainError {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\(error)")
        }
    }
}
