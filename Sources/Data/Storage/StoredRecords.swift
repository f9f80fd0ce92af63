import Domain
import Foundation

/// A hero as the store keeps it, in the store's own JSON: a change of the API's keys never
/// touches a cache.
public struct StoredHero: Sendable, Equatable {
    public var hero: Hero
    public var entityTag: String?

    public init(_ hero: Hero, entityTag: String?) {
        self.hero = hero
        self.entityTag = entityTag
    }

    /// The contract's order: code name without regard to case (then the id).
    var sortName: String { hero.codeName.lowercased() }
}

/// A page as the server numbered it, by hero ids.
public struct StoredPage: Codable, Sendable, Equatable {
    public var ids: [String]
    public var page: Int
    public var perPage: Int
    public var total: Int
    public var entityTag: String?

    public init(ids: [String], page: Int, perPage: Int, total: Int, entityTag: String?) {
        self.ids = ids
        self.page = page
        self.perPage = perPage
        self.total = total
        self.entityTag = entityTag
    }

    /// Refuses numbers the contract never sends, so no later sum can overflow.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        ids = try container.decode([String].self, forKey: .ids)
        page = try StoredLimits.checked(container.decode(Int.self, forKey: .page), "page", from: 1)
        perPage = try StoredLimits.checked(container.decode(Int.self, forKey: .perPage), "perPage", from: 1)
        total = try StoredLimits.checked(container.decode(Int.self, forKey: .total), "total")
        entityTag = try container.decodeIfPresent(String.self, forKey: .entityTag)
    }
}

/// The teams and their entity tag, in the server's order.
public struct StoredTeams: Sendable, Equatable {
    public var teams: [Team]
    public var entityTag: String?

    public init(_ teams: [Team], entityTag: String?) {
        self.teams = teams
        self.entityTag = entityTag
    }
}

/// A write made while the server could not be reached, kept until a sync pushes it and the
/// server confirms it.
public struct PendingChange: Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        /// The hero has a draft id (`local.N`) until the server gives it one.
        case create
        case replace
        case delete
    }

    /// Unique within a store.
    var sequence: Int
    var kind: Kind
    /// A draft id (`local.N`) for a hero created offline.
    var id: String
    var draft: HeroDraft?
    /// Sent as `If-Match`.
    var expectedVersion: Int?
    /// Merged with the server's on a 412.
    var base: Hero?
    var madeAt: Date
    /// Made when the change was queued and sent with every attempt, so a server that already
    /// applied it answers the same hero instead of a second.
    var idempotencyKey: String?

    static func localID(_ number: Int) -> String { Hero.ID.draft(number).rawValue }

    static func localNumber(_ id: String) -> Int? {
        (try? Hero.ID(id))?.isDraft == true ? Int(id.drop { $0 != "." }.dropFirst()) : nil
    }

    static func newIdempotencyKey() -> String { UUID().uuidString.lowercased() }

    /// Whether `id` was made by this client for a hero the server does not know yet.
    static func isLocal(_ id: String) -> Bool { (try? Hero.ID(id))?.isDraft == true }
}

/// The pending changes, oldest first.
public struct PendingQueue: Codable, Sendable, Equatable {
    public var changes: [PendingChange] = []
    /// The last draft number given; never given again.
    public var lastLocalNumber = 0

    public init() {}

    enum CodingKeys: String, CodingKey { case changes, lastLocalNumber }
}

/// Bounds on the numbers a store file may hold, so tampered counters cannot overflow.
enum StoredLimits {
    static let count = 1 << 40

    static func checked(_ value: Int, _ name: String, from lowest: Int = 0) throws -> Int {
        guard (lowest...count).contains(value) else { throw OutOfRange(name: name) }
        return value
    }

    /// Years 1 to 9999, as formatters can print.
    static func checked(_ date: Date, _ name: String) throws -> Date {
        guard (-62_135_596_800...253_402_300_799).contains(date.timeIntervalSince1970) else {
            throw OutOfRange(name: name)
        }
        return date
    }

    /// A create stored under an id that is not a draft's (`local.N`).
    struct NotADraftID: Error, CustomStringConvertible {
        let id: String
        var description: String { "a create under \(id), which is not a draft id (local.N) of this version" }
    }

    struct OutOfRange: Error, CustomStringConvertible {
        let name: String
        var description: String { "\(name) out of range" }
    }
}

// MARK: The store's JSON: the entities in plain values, checked again when read

extension StoredHero: Codable {
    enum CodingKeys: String, CodingKey {
        case id, codeName, realName, powers, picture, team, updatedAt, version, motto, entityTag
    }

    public init(from decoder: any Decoder) throws {
        let record = try decoder.container(keyedBy: CodingKeys.self)
        hero = Hero(
            id: try Hero.ID(record.decode(String.self, forKey: .id)),
            codeName: try record.decode(String.self, forKey: .codeName),
            sealedRealName: try record.decodeIfPresent(String.self, forKey: .realName).map(SealedSecret.init),
            powers: try record.decode([String].self, forKey: .powers),
            picture: try record.decodeIfPresent(String.self, forKey: .picture).map(PictureReference.init),
            team: try record.decodeIfPresent(StoredTeam.self, forKey: .team)?.team,
            updatedAt: try StoredLimits.checked(record.decode(Date.self, forKey: .updatedAt), "updatedAt"),
            version: try StoredLimits.checked(record.decode(Int.self, forKey: .version), "version", from: 1),
            motto: try record.decodeIfPresent(String.self, forKey: .motto))
        entityTag = try record.decodeIfPresent(String.self, forKey: .entityTag)
    }

    /// Never encodes the pending mark: a stored hero is the server's.
    public func encode(to encoder: any Encoder) throws {
        var record = encoder.container(keyedBy: CodingKeys.self)
        try record.encode(hero.id.rawValue, forKey: .id)
        try record.encode(hero.codeName, forKey: .codeName)
        try record.encodeIfPresent(hero.sealedRealName?.base64, forKey: .realName)
        try record.encode(hero.powers, forKey: .powers)
        try record.encodeIfPresent(hero.picture?.path, forKey: .picture)
        try record.encodeIfPresent(hero.team.map(StoredTeam.init), forKey: .team)
        try record.encode(hero.updatedAt, forKey: .updatedAt)
        try record.encode(hero.version, forKey: .version)
        try record.encodeIfPresent(hero.motto, forKey: .motto)
        try record.encodeIfPresent(entityTag, forKey: .entityTag)
    }
}

struct StoredTeam: Codable {
    var id: String
    var name: String

    init(_ team: Team) {
        id = team.id.rawValue
        name = team.name
    }

    var team: Team { Team(id: Team.ID(id), name: name) }
}

extension StoredTeams: Codable {
    private struct Record: Codable {
        var teams: [StoredTeam]
        var entityTag: String?
    }

    public init(from decoder: any Decoder) throws {
        let record = try Record(from: decoder)
        self.init(record.teams.map(\.team), entityTag: record.entityTag)
    }

    public func encode(to encoder: any Encoder) throws {
        try Record(teams: teams.map(StoredTeam.init), entityTag: entityTag).encode(to: encoder)
    }
}

extension PendingChange: Codable {
    private struct Record: Codable {
        var sequence: Int
        var kind: Kind
        var id: String
        var draft: Draft?
        var expectedVersion: Int?
        var base: StoredHero?
        var madeAt: Date
        var idempotencyKey: String?
    }

    /// Decoding checks the facts again, as `HeroDraft` does.
    private struct Draft: Codable {
        var codeName: String
        var powers: [String]
        var teamID: String?
        var realName: String?
    }

    /// Refuses a draft the Domain would refuse and counters out of bounds.
    public init(from decoder: any Decoder) throws {
        let record = try Record(from: decoder)
        sequence = try StoredLimits.checked(record.sequence, "sequence")
        kind = record.kind
        id = try Hero.ID(record.id).rawValue
        // A create has a draft id: one that looks like the server's was written another way.
        guard kind != .create || Self.isLocal(id) else { throw StoredLimits.NotADraftID(id: id) }
        draft = try record.draft.map {
            try HeroDraft(
                codeName: $0.codeName, powers: $0.powers, teamID: $0.teamID.map(Team.ID.init),
                sealedRealName: $0.realName.map(SealedSecret.init))
        }
        expectedVersion = try record.expectedVersion.map { try StoredLimits.checked($0, "expectedVersion") }
        base = record.base?.hero
        madeAt = try StoredLimits.checked(record.madeAt, "madeAt")
        idempotencyKey = record.idempotencyKey
    }

    public func encode(to encoder: any Encoder) throws {
        try Record(
            sequence: sequence, kind: kind, id: id,
            draft: draft.map {
                Draft(
                    codeName: $0.codeName, powers: $0.powers, teamID: $0.teamID?.rawValue,
                    realName: $0.sealedRealName?.base64)
            }, expectedVersion: expectedVersion, base: base.map { StoredHero($0, entityTag: nil) },
            madeAt: madeAt, idempotencyKey: idempotencyKey
        ).encode(to: encoder)
    }
}
