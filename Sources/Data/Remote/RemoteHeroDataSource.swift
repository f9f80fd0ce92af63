import Domain
import Foundation
import Network

/// The Heroes API over a `WebService`; throws `DomainError`.
public final class RemoteHeroDataSource: Sendable {
    private let service: WebService

    /// Calls the API through `service`, built on `HeroAPI.catalog()`.
    public init(service: WebService) { self.service = service }

    /// A page's body, unmapped, for a sync.
    public func pageBody(matching query: HeroQuery, ifNoneMatch entityTag: String? = nil) async throws
        -> Reply<JSONValue>
    {
        let reply = try await calling {
            try await service.call(
                HeroAPI.heroes, query.page, query.perPage, query.text, query.teamID?.rawValue,
                ifNoneMatch: entityTag)
        }
        return try conditional(reply, what: "page")
    }

    /// A page of heroes; records that break a rule are left out.
    public func heroes(matching query: HeroQuery, ifNoneMatch entityTag: String? = nil) async throws
        -> Reply<HeroPage>
    {
        try await pageBody(matching: query, ifNoneMatch: entityTag).map { try HeroPageBody($0).page }
    }

    /// One hero; a record that breaks a rule, or is another hero, is bad data.
    public func hero(_ id: Hero.ID, ifNoneMatch entityTag: String? = nil) async throws -> Reply<Hero> {
        let reply = try await calling(notFound: "hero \(id)") {
            try await service.call(HeroAPI.hero, id.rawValue, ifNoneMatch: entityTag)
        }
        return try conditional(reply, what: "hero").map { try Self.hero(Self.hero(from: $0), answering: id) }
    }

    /// Every team; teams that break a rule are left out.
    public func teams(ifNoneMatch entityTag: String? = nil) async throws -> Reply<[Team]> {
        let reply = try await calling { try await service.call(HeroAPI.teams, ifNoneMatch: entityTag) }
        return try conditional(reply, what: "teams").map { body in
            try Self.mapped { () throws(MappingFailure) in
                try MappingPipeline(TeamMapping.mapping).run(body, stored: [:])
            }.items.map(\.entity)
        }
    }

    /// Creates a hero (editor role) and answers it with its entity tag.
    /// - Parameter idempotencyKey: sent as `Idempotency-Key`, so a retried create is made once.
    public func create(_ draft: HeroDraft, idempotencyKey: String? = nil) async throws
        -> (hero: Hero, entityTag: String?)
    {
        let key = idempotencyKey.map { "\"\($0)\"" }
        let reply = try await calling { try await service.call(HeroAPI.createHero, HeroInputDTO(draft), key) }
        let hero = try Self.hero(
            Self.hero(from: try content(of: reply, what: "created hero")), creating: draft)
        return (hero, reply.entityTag)
    }

    /// Replaces a hero, only while at `expectedVersion` if given.
    public func replace(_ id: Hero.ID, with draft: HeroDraft, expectedVersion: Int?) async throws
        -> (hero: Hero, entityTag: String?)
    {
        try await replace(id, input: HeroInputDTO(draft), expectedVersion: expectedVersion)
    }

    /// Replaces a hero with a merged edit, while it is at `hero`'s version.
    func replace(_ id: Hero.ID, withFactsOf hero: Hero) async throws -> (hero: Hero, entityTag: String?) {
        try await replace(id, input: HeroInputDTO(hero), expectedVersion: hero.version)
    }

    private func replace(_ id: Hero.ID, input: HeroInputDTO, expectedVersion: Int?) async throws
        -> (hero: Hero, entityTag: String?)
    {
        let reply = try await calling(notFound: "hero \(id)") {
            try await service.call(
                HeroAPI.replaceHero, id.rawValue, input,
                ifMatch: expectedVersion.map { Self.entityTag(id, $0) })
        }
        let hero = try Self.hero(
            Self.hero(from: try content(of: reply, what: "replaced hero")), answering: id)
        return (hero, reply.entityTag)
    }

    /// Deletes a hero, only while at `expectedVersion` if given.
    public func delete(_ id: Hero.ID, expectedVersion: Int?) async throws {
        _ = try await calling(notFound: "hero \(id)") {
            try await service.call(
                HeroAPI.deleteHero, id.rawValue, ifMatch: expectedVersion.map { Self.entityTag(id, $0) })
        }
    }

    // MARK: Helpers

    /// The hero one record describes; a rejected record is bad data.
    static func hero(from record: JSONValue) throws(DomainError) -> Hero {
        let result = HeroMapping.pipeline.run(records: [record], stored: [:])
        guard let hero = result.items.first?.entity else {
            let rejection = result.rejected.first
            throw .badData("hero \(rejection?.id ?? "without an id"): \(rejection?.reason ?? "does not map")")
        }
        return hero
    }

    /// `hero` when it is hero `id`; another is bad data, never stored as `id`.
    static func hero(_ hero: Hero, answering id: Hero.ID) throws(DomainError) -> Hero {
        guard hero.id == id else {
            throw .badData("asked for hero \(id), the server answered with hero \(hero.id)")
        }
        return hero
    }

    /// `hero` when its code name is the draft's; another is bad data.
    static func hero(_ hero: Hero, creating draft: HeroDraft) throws(DomainError) -> Hero {
        guard hero.codeName == draft.codeName else {
            throw .badData(
                "the create of \(draft.codeName) was answered with hero \(hero.id), \(hero.codeName)")
        }
        return hero
    }

    /// Runs a mapping step, its failure as bad data.
    static func mapped<Value>(_ body: () throws(MappingFailure) -> Value) throws(DomainError) -> Value {
        do {
            return try body()
        } catch {
            throw .badData(error.reason)
        }
    }

    /// A hero's entity tag per docs/API.md: `"<id>-<version>"`, quoted.
    static func entityTag(_ id: Hero.ID, _ version: Int) -> String {
        entityTag(id: id.rawValue, version: version)
    }

    /// The same, from the wire id.
    static func entityTag(id: String, version: Int) -> String { "\"\(id)-\(version)\"" }

    private func calling<Value>(notFound: String = "resource", _ body: () async throws -> Value)
        async throws -> Value
    {
        try await DomainErrorMapping.mappingErrors(notFound: notFound, body)
    }

    private func content<DTO>(of reply: Reply<DTO>, what: String) throws -> DTO {
        try Self.checkEntityTag(of: reply, what: what)
        guard let dto = reply.content else {
            throw DomainError.badData("the \(what) came back with status \(reply.status) and no body")
        }
        return dto
    }

    /// The reply, checked to be content or not modified.
    private func conditional<Body>(_ reply: Reply<Body>, what: String) throws -> Reply<Body> {
        try Self.checkEntityTag(of: reply, what: what)
        if !reply.isNotModified { _ = try content(of: reply, what: what) }
        return reply
    }

    /// An entity tag is sent back in headers, so anything but printable ASCII is bad data.
    private static func checkEntityTag<Body>(of reply: Reply<Body>, what: String) throws(DomainError) {
        guard let tag = reply.entityTag else { return }
        guard tag.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) else {
            throw .badData("the \(what)'s ETag holds a control character")
        }
    }
}
