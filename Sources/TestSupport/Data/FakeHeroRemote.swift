import Data
import Domain
import Foundation
import Locking

/// A `HeroRemote` in memory, for a repository's unit tests: a roster kept as the contract keeps
/// it (ordered by code name, versions that grow, `"<id>-<version>"` tags, 304 to a matching
/// tag, 412 to a stale version, one hero per idempotency key), every call recorded, and
/// `isReachable` to take it offline. No socket.
public final class FakeHeroRemote: HeroRemote {
    public enum Call: Sendable, Hashable {
        case page(HeroQuery, ifNoneMatch: String?)
        case hero(Hero.ID, ifNoneMatch: String?)
        case teams(ifNoneMatch: String?)
        case create(codeName: String)
        case replace(Hero.ID, expectedVersion: Int?)
        case delete(Hero.ID, expectedVersion: Int?)
    }

    private struct Server {
        var heroes: [Hero.ID: Hero] = [:]
        var teams: [Team] = []
        var createdByKey: [String: Hero] = [:]
        var lastNumber = 9000
        var isReachable = true
        var calls: [Call] = []
        var beforePage: @Sendable (HeroQuery) async throws -> Void = { _ in }
    }

    private let server = Locked(Server())
    private let clock: @Sendable () -> Date

    /// A server holding `heroes` and `teams`; `clock` stamps what it changes.
    public init(heroes: [Hero] = [], teams: [Team] = [], clock: @escaping @Sendable () -> Date = Date.init) {
        self.clock = clock
        server.withLock { server in
            for hero in heroes { server.heroes[hero.id] = hero }
            server.teams = teams
        }
    }

    /// Every call, oldest first.
    public var calls: [Call] { server.withLock { $0.calls } }

    /// Whether a call reaches the server; when not, each is `.unavailable`.
    public var isReachable: Bool {
        get { server.withLock { $0.isReachable } }
        set { server.withLock { $0.isReachable = newValue } }
    }

    /// Runs before each page is answered: a slow or failing server's page.
    public var beforePage: @Sendable (HeroQuery) async throws -> Void {
        get { server.withLock { $0.beforePage } }
        set { server.withLock { $0.beforePage = newValue } }
    }

    /// The server's copy of hero `id`.
    public func hero(_ id: Hero.ID) -> Hero? { server.withLock { $0.heroes[id] } }

    /// Another client's write: the server's copy becomes `hero` at the next version.
    public func changeOnServer(_ hero: Hero) {
        server.withLock { server in
            server.heroes[hero.id] = Self.hero(
                hero, version: (server.heroes[hero.id]?.version ?? 0) + 1, at: clock())
        }
    }

    /// The contract's entity tag of `hero`.
    public static func entityTag(of hero: Hero) -> String { "\"\(hero.id.rawValue)-\(hero.version)\"" }

    public func pageBody(matching query: HeroQuery, ifNoneMatch entityTag: String?) async throws
        -> Revalidated<JSONValue>
    {
        try await beforePage(query)
        return try answer(.page(query, ifNoneMatch: entityTag)) { server in
            let page = Self.page(of: server, matching: query)
            return Self.revalidated(page.tag, ifNoneMatch: entityTag) {
                .object([
                    "items": .array(page.items.map(Self.record)), "page": .integer(query.page),
                    "per_page": .integer(query.perPage), "total": .integer(page.total),
                ])
            }
        }
    }

    public func heroes(matching query: HeroQuery, ifNoneMatch entityTag: String?) async throws
        -> Revalidated<HeroPage>
    {
        try answer(.page(query, ifNoneMatch: entityTag)) { server in
            let page = Self.page(of: server, matching: query)
            return Self.revalidated(page.tag, ifNoneMatch: entityTag) {
                HeroPage(items: page.items, page: query.page, perPage: query.perPage, total: page.total)
            }
        }
    }

    public func hero(_ id: Hero.ID, ifNoneMatch entityTag: String?) async throws -> Revalidated<Hero> {
        try answer(.hero(id, ifNoneMatch: entityTag)) { server in
            guard let hero = server.heroes[id] else { throw DomainError.notFound("hero \(id)") }
            return Self.revalidated(Self.entityTag(of: hero), ifNoneMatch: entityTag) { hero }
        }
    }

    public func teams(ifNoneMatch entityTag: String?) async throws -> Revalidated<[Team]> {
        try answer(.teams(ifNoneMatch: entityTag)) { server in
            let tag = "\"teams-\(server.teams.map(\.id.rawValue).joined(separator: ","))\""
            return Self.revalidated(tag, ifNoneMatch: entityTag) { server.teams }
        }
    }

    public func create(_ draft: HeroDraft, idempotencyKey: String?) async throws
        -> (hero: Hero, entityTag: String?)
    {
        try answer(.create(codeName: draft.codeName)) { server in
            if let key = idempotencyKey, let made = server.createdByKey[key] {
                return (made, Self.entityTag(of: made))
            }
            try Self.refuseTakenName(draft.codeName, except: nil, in: server)
            server.lastNumber += 1
            let id = try Hero.ID(String(server.lastNumber))
            let hero = Hero(
                id: id, codeName: draft.codeName, sealedRealName: draft.sealedRealName, powers: draft.powers,
                picture: nil, team: draft.teamID.flatMap { team in server.teams.first { $0.id == team } },
                updatedAt: clock(), version: 1)
            server.heroes[id] = hero
            if let key = idempotencyKey { server.createdByKey[key] = hero }
            return (hero, Self.entityTag(of: hero))
        }
    }

    public func replace(_ id: Hero.ID, with input: HeroInputDTO, expectedVersion: Int?) async throws
        -> (hero: Hero, entityTag: String?)
    {
        try answer(.replace(id, expectedVersion: expectedVersion)) { server in
            guard let current = server.heroes[id] else { throw DomainError.notFound("hero \(id)") }
            if let expectedVersion, expectedVersion != current.version {
                throw DomainError.preconditionFailed
            }
            try Self.refuseTakenName(input.codeName, except: id, in: server)
            let hero = Hero(
                id: id, codeName: input.codeName,
                sealedRealName: input.encryptedRealName.map { SealedSecret(base64: $0) },
                powers: input.powers, picture: current.picture,
                team: input.teamID.flatMap { team in server.teams.first { $0.id.rawValue == team } },
                updatedAt: clock(), version: current.version + 1, motto: current.motto)
            server.heroes[id] = hero
            return (hero, Self.entityTag(of: hero))
        }
    }

    public func delete(_ id: Hero.ID, expectedVersion: Int?) async throws {
        try answer(.delete(id, expectedVersion: expectedVersion)) { server in
            guard let current = server.heroes[id] else { throw DomainError.notFound("hero \(id)") }
            if let expectedVersion, expectedVersion != current.version {
                throw DomainError.preconditionFailed
            }
            server.heroes[id] = nil
        }
    }

    /// Records `call`, then answers it from the server, or `.unavailable` when unreachable.
    private func answer<Value>(_ call: Call, _ body: (inout Server) throws -> Value) throws -> Value {
        try server.withLock { server in
            server.calls.append(call)
            guard server.isReachable else { throw DomainError.unavailable("the fake server is unreachable") }
            return try body(&server)
        }
    }

    private static func revalidated<Value>(_ tag: String, ifNoneMatch: String?, _ value: () -> Value)
        -> Revalidated<Value>
    {
        ifNoneMatch == tag ? .notModified : .fresh(value(), entityTag: tag)
    }

    private static func page(of server: Server, matching query: HeroQuery)
        -> (items: [Hero], total: Int, tag: String)
    {
        let matching = server.heroes.values.filter { hero in
            (query.text.map { hero.codeName.localizedCaseInsensitiveContains($0) } ?? true)
                && (query.teamID.map { hero.team?.id == $0 } ?? true)
        }
        .sorted { ($0.codeName.lowercased(), $0.id.rawValue) < ($1.codeName.lowercased(), $1.id.rawValue) }
        let start = min((query.page - 1) * query.perPage, matching.count)
        let items = Array(matching[start..<min(start + query.perPage, matching.count)])
        let tag = "\"page-" + matching.map { "\($0.id.rawValue).\($0.version)" }.joined(separator: ",") + "\""
        return (items, matching.count, tag)
    }

    private static func refuseTakenName(_ name: String, except id: Hero.ID?, in server: Server) throws {
        if server.heroes.values.contains(where: {
            $0.id != id && $0.codeName.lowercased() == name.lowercased()
        }) {
            throw DomainError.conflict("code name \(name) is taken")
        }
    }

    private static func hero(_ hero: Hero, version: Int, at date: Date) -> Hero {
        Hero(
            id: hero.id, codeName: hero.codeName, sealedRealName: hero.sealedRealName, powers: hero.powers,
            picture: hero.picture, team: hero.team, updatedAt: date, version: version, motto: hero.motto)
    }

    /// `hero` as the contract's JSON record.
    private static func record(_ hero: Hero) -> JSONValue {
        .object([
            "id": .string(hero.id.rawValue), "code_name": .string(hero.codeName),
            "encrypted_real_name": hero.sealedRealName.map { .string($0.base64) } ?? .null,
            "powers": .array(hero.powers.map(JSONValue.string)),
            "picture_url": hero.picture.map { .string($0.path) } ?? .null,
            "team": hero.team.map { .object(["id": .string($0.id.rawValue), "name": .string($0.name)]) }
                ?? .null,
            "updated_at": .string(hero.updatedAt.formatted(.iso8601)), "version": .integer(hero.version),
            "motto": hero.motto.map(JSONValue.string) ?? .null,
        ])
    }
}
