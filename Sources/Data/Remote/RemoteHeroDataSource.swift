import Domain
import Foundation
import Network

/// The heroes' side of the Heroes API over a `WebService`: the API service of the repository
/// pattern (Nemo Logic's communication controller). It speaks Domain types and throws `DomainError` only.
public final class RemoteHeroDataSource: Sendable {
    private let service: WebService
    private let mapper = HeroMapper()

    /// Calls the API through `service`, which must be built on `HeroAPI.catalog()`.
    public init(service: WebService) { self.service = service }

    /// A page of heroes; with `entityTag`, `.notModified` when the page is unchanged.
    public func heroes(matching query: HeroQuery, ifNoneMatch entityTag: String? = nil) async throws
        -> Revalidation<HeroPage>
    {
        let reply = try await calling {
            try await service.call(
                HeroAPI.heroes, query.page, query.perPage, query.text, query.teamID?.rawValue,
                ifNoneMatch: entityTag)
        }
        return try revalidation(reply, what: "page") { try mapper.page(from: $0) }
    }

    /// One hero; with `entityTag`, `.notModified` when it is unchanged.
    public func hero(_ id: Hero.ID, ifNoneMatch entityTag: String? = nil) async throws -> Revalidation<Hero> {
        let reply = try await calling(notFound: "hero \(id)") {
            try await service.call(HeroAPI.hero, id.rawValue, ifNoneMatch: entityTag)
        }
        return try revalidation(reply, what: "hero") { try mapper.hero(from: $0) }
    }

    /// Every team; with `entityTag`, `.notModified` when the list is unchanged.
    public func teams(ifNoneMatch entityTag: String? = nil) async throws -> Revalidation<[Team]> {
        let reply = try await calling { try await service.call(HeroAPI.teams, ifNoneMatch: entityTag) }
        return try revalidation(reply, what: "teams") { $0.items.map(mapper.team(from:)) }
    }

    /// Creates a hero (needs the editor role) and returns it as stored.
    public func create(_ draft: HeroDraft) async throws -> Hero {
        let reply = try await calling {
            try await service.call(HeroAPI.createHero, mapper.input(from: draft))
        }
        return try mapper.hero(from: try content(of: reply, what: "created hero"))
    }

    /// Replaces a hero whole; with `expectedVersion`, only while it is at that version.
    public func replace(_ id: Hero.ID, with draft: HeroDraft, expectedVersion: Int?) async throws -> Hero {
        let reply = try await calling(notFound: "hero \(id)") {
            try await service.call(
                HeroAPI.replaceHero, id.rawValue, mapper.input(from: draft),
                expectedVersion.map { Self.entityTag(id, $0) })
        }
        return try mapper.hero(from: try content(of: reply, what: "replaced hero"))
    }

    /// Deletes a hero; with `expectedVersion`, only while it is at that version.
    public func delete(_ id: Hero.ID, expectedVersion: Int?) async throws {
        _ = try await calling(notFound: "hero \(id)") {
            try await service.call(
                HeroAPI.deleteHero, id.rawValue, expectedVersion.map { Self.entityTag(id, $0) })
        }
    }

    /// A hero's entity tag as docs/API.md defines it: `"<id>-<version>"`, quotes included.
    static func entityTag(_ id: Hero.ID, _ version: Int) -> String {
        entityTag(id: id.rawValue, version: version)
    }

    /// The same, from the wire form of the id.
    static func entityTag(id: String, version: Int) -> String { "\"\(id)-\(version)\"" }

    private func calling<Value>(notFound: String = "resource", _ body: () async throws -> Value)
        async throws -> Value
    {
        try await DomainErrorMapping.mappingErrors(notFound: notFound, body)
    }

    private func content<DTO>(of reply: Reply<DTO>, what: String) throws -> DTO {
        guard let dto = reply.content else {
            throw DomainError.badData("the \(what) came back with status \(reply.status) and no body")
        }
        return dto
    }

    private func revalidation<DTO, Value>(
        _ reply: Reply<DTO>, what: String, map: (DTO) throws -> Value
    ) throws -> Revalidation<Value> {
        if reply.isNotModified { return .notModified }
        return .fresh(try map(try content(of: reply, what: what)), entityTag: reply.entityTag)
    }
}
