import Domain
import Foundation
import Network

/// `HeroRemote` over HTTP, through a `WebService`.
public final class RemoteHeroDataSource: HeroRemote {
    private let service: WebService

    /// `service` is built on `HeroAPI.catalog()`. Package-wide, so Data's public API names no
    /// `Network` type.
    package init(service: WebService) { self.service = service }

    public func pageBody(matching query: HeroQuery, ifNoneMatch entityTag: String?) async throws
        -> Revalidated<JSONValue>
    {
        try await send("page") {
            try await service.call(
                HeroAPI.heroes, query.page, query.perPage, query.text, query.teamID?.rawValue,
                ifNoneMatch: entityTag)
        }
    }

    public func heroes(matching query: HeroQuery, ifNoneMatch entityTag: String?) async throws
        -> Revalidated<HeroPage>
    {
        try await pageBody(matching: query, ifNoneMatch: entityTag).map { try HeroPageBody.page(of: $0) }
    }

    public func hero(_ id: Hero.ID, ifNoneMatch entityTag: String?) async throws -> Revalidated<Hero> {
        try await send("hero", notFound: "hero \(id)") {
            try await service.call(HeroAPI.hero, id.rawValue, ifNoneMatch: entityTag)
        }.map { try Self.hero(from: $0, answering: id) }
    }

    public func teams(ifNoneMatch entityTag: String?) async throws -> Revalidated<[Team]> {
        try await send("teams") { try await service.call(HeroAPI.teams, ifNoneMatch: entityTag) }.map {
            body in
            try Self.mapped { () throws(MappingFailure) in
                try MappingPipeline(TeamMapping.mapping).run(body, stored: [:])
            }.items.map(\.entity)
        }
    }

    public func create(_ draft: HeroDraft, idempotencyKey: String?) async throws
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

    public func replace(_ id: Hero.ID, with input: HeroInputDTO, expectedVersion: Int?) async throws
        -> (hero: Hero, entityTag: String?)
    {
        let (body, tag) = try await content("replaced hero", notFound: "hero \(id)") {
            try await service.call(
                HeroAPI.replaceHero, id.rawValue, input,
                ifMatch: expectedVersion.map { Self.entityTag(id: id.rawValue, version: $0) })
        }
        return (try Self.hero(from: body, answering: id), tag)
    }

    public func delete(_ id: Hero.ID, expectedVersion: Int?) async throws {
        _ = try await DomainErrorMapping.mappingErrors(notFound: "hero \(id)") {
            try await service.call(
                HeroAPI.deleteHero, id.rawValue,
                ifMatch: expectedVersion.map { Self.entityTag(id: id.rawValue, version: $0) })
        }
    }

    // MARK: Helpers

    /// A rejected record, or another hero than `id`, is bad data.
    static func hero(from record: JSONValue, answering id: Hero.ID? = nil) throws(DomainError) -> Hero {
        let mapping = HeroMapping.mapping
        let hero: Hero
        do throws(MappingFailure) {
            hero = try mapping.entity(from: record)
            if let reason = mapping.refusal(of: hero) { throw MappingFailure(reason) }
        } catch {
            throw .badData("hero \(mapping.rawID(of: record) ?? "without an id"): \(error.reason)")
        }
        if let id, hero.id != id {
            throw .badData("asked for hero \(id), the server answered with hero \(hero.id)")
        }
        return hero
    }

    static func mapped<Value>(_ body: () throws(MappingFailure) -> Value) throws(DomainError) -> Value {
        do {
            return try body()
        } catch {
            throw .badData(error.reason)
        }
    }

    /// Per docs/API.md: `"<id>-<version>"`, quoted.
    static func entityTag(id: String, version: Int) -> String { "\"\(id)-\(version)\"" }

    /// A 200 must have a body; an entity tag is sent back in headers, so anything but printable
    /// ASCII in one is bad data.
    private func send<Body>(
        _ what: String, notFound: String = "resource", _ call: () async throws -> Reply<Body>
    )
        async throws -> Revalidated<Body>
    {
        let reply = try await DomainErrorMapping.mappingErrors(notFound: notFound, call)
        if let tag = reply.entityTag, !tag.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F })
        {
            throw DomainError.badData("the \(what)'s ETag holds a control character")
        }
        if reply.isNotModified { return .notModified }
        guard let body = reply.content else {
            throw DomainError.badData("the \(what) came back with status \(reply.status) and no body")
        }
        return .fresh(body, entityTag: reply.entityTag)
    }

    /// `send`, for a write.
    private func content<Body>(
        _ what: String, notFound: String = "resource", _ call: () async throws -> Reply<Body>
    )
        async throws -> (Body, String?)
    {
        guard case .fresh(let body, let tag) = try await send(what, notFound: notFound, call) else {
            throw DomainError.badData("the \(what) came back with status 304 and no body")
        }
        return (body, tag)
    }
}
