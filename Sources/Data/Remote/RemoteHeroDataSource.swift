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
        try await send("page") {
            try await service.call(
                HeroAPI.heroes, query.page, query.perPage, query.text, query.teamID?.rawValue,
                ifNoneMatch: entityTag)
        }
    }

    /// A page of heroes; records that break a rule are left out.
    public func heroes(matching query: HeroQuery, ifNoneMatch entityTag: String? = nil) async throws
        -> Reply<HeroPage>
    {
        try await pageBody(matching: query, ifNoneMatch: entityTag).map { try HeroPageBody.page(of: $0) }
    }

    /// One hero; a record that breaks a rule, or is another hero, is bad data.
    public func hero(_ id: Hero.ID, ifNoneMatch entityTag: String? = nil) async throws -> Reply<Hero> {
        try await send("hero", notFound: "hero \(id)") {
            try await service.call(HeroAPI.hero, id.rawValue, ifNoneMatch: entityTag)
        }.map { try Self.hero(from: $0, answering: id) }
    }

    /// Every team; teams that break a rule are left out.
    public func teams(ifNoneMatch entityTag: String? = nil) async throws -> Reply<[Team]> {
        try await send("teams") { try await service.call(HeroAPI.teams, ifNoneMatch: entityTag) }.map {
            body in
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
        let (body, tag) = try await content("created hero") {
            try await service.call(HeroAPI.createHero, HeroInputDTO(draft), key)
        }
        let hero = try Self.hero(from: body)
        guard hero.codeName == draft.codeName else {
            throw DomainError.badData(
                "the create of \(draft.codeName) was answered with hero \(hero.id), \(hero.codeName)")
        }
        return (hero, tag)
    }

    /// Replaces a hero, only while at `expectedVersion` if given.
    public func replace(_ id: Hero.ID, with draft: HeroDraft, expectedVersion: Int?) async throws
        -> (hero: Hero, entityTag: String?)
    {
        try await replace(id, with: HeroInputDTO(draft), expectedVersion: expectedVersion)
    }

    /// Replaces a hero with `input` (a merged edit, say), only while at `expectedVersion` if given.
    func replace(_ id: Hero.ID, with input: HeroInputDTO, expectedVersion: Int?) async throws
        -> (hero: Hero, entityTag: String?)
    {
        let (body, tag) = try await content("replaced hero", notFound: "hero \(id)") {
            try await service.call(
                HeroAPI.replaceHero, id.rawValue, input,
                ifMatch: expectedVersion.map { Self.entityTag(id: id.rawValue, version: $0) })
        }
        return (try Self.hero(from: body, answering: id), tag)
    }

    /// Deletes a hero, only while at `expectedVersion` if given.
    public func delete(_ id: Hero.ID, expectedVersion: Int?) async throws {
        _ = try await DomainErrorMapping.mappingErrors(notFound: "hero \(id)") {
            try await service.call(
                HeroAPI.deleteHero, id.rawValue,
                ifMatch: expectedVersion.map { Self.entityTag(id: id.rawValue, version: $0) })
        }
    }

    // MARK: Helpers

    /// The hero one record describes, and hero `id` if given: a rejected record, or another hero
    /// (never stored as `id`), is bad data.
    static func hero(from record: JSONValue, answering id: Hero.ID? = nil) throws(DomainError) -> Hero {
        let result = HeroMapping.pipeline.run(records: [record], stored: [:])
        guard let hero = result.items.first?.entity else {
            let rejection = result.rejected.first
            throw .badData("hero \(rejection?.id ?? "without an id"): \(rejection?.reason ?? "does not map")")
        }
        if let id, hero.id != id {
            throw .badData("asked for hero \(id), the server answered with hero \(hero.id)")
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
    static func entityTag(id: String, version: Int) -> String { "\"\(id)-\(version)\"" }

    /// Calls the server, its errors as the Domain's; a 200 must have a body, and an entity tag is
    /// sent back in headers, so anything but printable ASCII in one is bad data.
    private func send<Body>(
        _ what: String, notFound: String = "resource", _ call: () async throws -> Reply<Body>
    )
        async throws -> Reply<Body>
    {
        let reply = try await DomainErrorMapping.mappingErrors(notFound: notFound, call)
        if let tag = reply.entityTag, !tag.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F })
        {
            throw DomainError.badData("the \(what)'s ETag holds a control character")
        }
        if reply.content == nil, !reply.isNotModified {
            throw DomainError.badData("the \(what) came back with status \(reply.status) and no body")
        }
        return reply
    }

    /// `send`, for a write: the answer's body and entity tag.
    private func content<Body>(
        _ what: String, notFound: String = "resource", _ call: () async throws -> Reply<Body>
    )
        async throws -> (Body, String?)
    {
        let reply = try await send(what, notFound: notFound, call)
        guard let body = reply.content else {
            throw DomainError.badData("the \(what) came back with status \(reply.status) and no body")
        }
        return (body, reply.entityTag)
    }
}
