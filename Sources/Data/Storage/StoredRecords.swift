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
        page = try StoredLimits.checked(container.decode(Int.self, forKey: .page), "page", from: 1)
        perPage = try StoredLimits.checked(container.decode(Int.self, forKey: .perPage), "perPage", from: 1)
        total = try StoredLimits.checked(container.decode(Int.self, forKey: .total), "total")
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

    /// The local id of the `number`th hero created offline in a store.
    static func localID(_ number: Int) -> String { Hero.ID.draft(number).rawValue }

    /// The number in a local id, or `nil`.
    static func localNumber(_ id: String) -> Int? {
        (try? Hero.ID(id))?.isDraft == true ? Int(id.drop { $0 != "." }.dropFirst()) : nil
    }

    /// A fresh `Idempotency-Key` value.
    static func newIdempotencyKey() -> String { UUID().uuidString.lowercased() }

    /// Whether `id` was made by this client for a hero the server does not know yet.
    static func isLocal(_ id: String) -> Bool { (try? Hero.ID(id))?.isDraft == true }
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

    /// `value`, if from `lowest` to `count`.
    static func checked(_ value: Int, _ name: String, from lowest: Int = 0) throws -> Int {
        guard (lowest...count).contains(value) else { throw OutOfRange(name: name) }
        return value
    }

    /// `date`, if between the years 1 and 9999, as formatters can print.
    static func checked(_ date: Date, _ name: String) throws -> Date {
        guard (-62_135_596_800...253_402_300_799).contains(date.timeIntervalSince1970) else {
            throw OutOfRange(name: name)
        }
        return date
    }

    /// A number or date no store writes.
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
    private struct Record: Codable {
        var id: String
        var codeName: String
        var realName: String?
        var powers: [String]
        var picture: String?
        var team: StoredTeam?
        var updatedAt: Date
        var version: Int
        var motto: String?
        var entityTag: String?
    }

    /// Decodes a hero, checking what the Domain's types check and the counters' bounds.
    public init(from decoder: any Decoder) throws {
        let record = try Record(from: decoder)
        hero = Hero(
            id: try Hero.ID(record.id), codeName: record.codeName,
            sealedRealName: record.realName.map(SealedSecret.init), powers: record.powers,
            picture: record.picture.map(PictureReference.init), team: record.team?.team,
            updatedAt: try StoredLimits.checked(record.updatedAt, "updatedAt"),
            version: try StoredLimits.checked(record.version, "version", from: 1), motto: record.motto)
        entityTag = record.entityTag
    }

    /// Encodes the hero's facts (never its pending mark: a stored hero is the server's).
    public func encode(to encoder: any Encoder) throws {
        try Record(
            id: hero.id.rawValue, codeName: hero.codeName, realName: hero.sealedRealName?.base64,
            powers: hero.powers, picture: hero.picture?.path, team: hero.team.map(StoredTeam.init),
            updatedAt: hero.updatedAt, version: hero.version, motto: hero.motto, entityTag: entityTag
        ).encode(to: encoder)
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

    var team: Team { Team(id: Team.ID(id), name: name) }
}

extension StoredTeams: Codable {
    private struct Record: Codable {
        var teams: [StoredTeam]
        var entityTag: String?
    }

    /// Decodes the teams.
    public init(from decoder: any Decoder) throws {
        let record = try Record(from: decoder)
        self.init(record.teams.map(\.team), entityTag: record.entityTag)
    }

    /// Encodes the teams.
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

    /// A draft's facts; decoding checks them again, as `HeroDraft` does.
    private struct Draft: Codable {
        var codeName: String
        var powers: [String]
        var teamID: String?
        var realName: String?
    }

    /// Decodes a change, refusing a draft the Domain would refuse and counters out of bounds.
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

    /// Encodes the change.
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
