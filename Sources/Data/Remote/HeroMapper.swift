import Domain
import Foundation

/// Turns wire DTOs into Domain entities and back (the repository pattern's mapper). Anything the
/// contract does not allow becomes `DomainError.badData` naming the hero and the key.
public struct HeroMapper: Sendable {
    /// A mapper; it holds no state.
    public init() {}

    /// The hero a DTO describes, checked against the rules of docs/API.md.
    public func hero(from dto: HeroDTO) throws(DomainError) -> Hero {
        let id: Hero.ID
        do {
            id = try Hero.ID(dto.id)
        } catch {
            throw .badData("hero id '\(dto.id)' is not 1–64 of [A-Za-z0-9_-]")
        }
        let problems = HeroDraft.problems(codeName: dto.codeName, powers: dto.powers)
        if let (key, problem) = problems.min(by: { $0.key < $1.key }) {
            throw .badData("hero \(dto.id): \(key == .codeName ? "code_name" : key.rawValue) \(problem)")
        }
        guard let updatedAt = Self.date(fromRFC3339: dto.updatedAt) else {
            throw .badData("hero \(dto.id): updated_at '\(dto.updatedAt)' is not an RFC 3339 time")
        }
        guard dto.version >= 1 else { throw .badData("hero \(dto.id): version \(dto.version) is below 1") }
        return Hero(
            id: id,
            codeName: dto.codeName,
            sealedRealName: dto.encryptedRealName.map(SealedSecret.init(base64:)),
            powers: dto.powers,
            picture: dto.pictureURL.map(PictureReference.init(path:)),
            team: dto.team.map(team(from:)),
            updatedAt: updatedAt,
            version: dto.version
        )
    }

    /// The team a DTO describes.
    public func team(from dto: TeamDTO) -> Team {
        Team(id: Team.ID(dto.id), name: dto.name)
    }

    /// The page a DTO describes; its every hero is checked.
    public func page(from dto: HeroPageDTO) throws(DomainError) -> HeroPage {
        guard dto.page >= 1, dto.perPage >= 1, dto.total >= 0 else {
            throw .badData("page \(dto.page) of \(dto.perPage) with total \(dto.total) is out of range")
        }
        var heroes: [Hero] = []
        for item in dto.items { heroes.append(try hero(from: item)) }
        return HeroPage(items: heroes, page: dto.page, perPage: dto.perPage, total: dto.total)
    }

    /// The wire body that creates or replaces a hero from a checked draft.
    public func input(from draft: HeroDraft) -> HeroInputDTO {
        HeroInputDTO(
            codeName: draft.codeName,
            encryptedRealName: draft.sealedRealName?.base64,
            powers: draft.powers,
            teamID: draft.teamID?.rawValue
        )
    }

    /// The wire form of a hero, for storing what the server sent (times in whole seconds, UTC).
    public func dto(from hero: Hero) -> HeroDTO {
        HeroDTO(
            id: hero.id.rawValue,
            codeName: hero.codeName,
            encryptedRealName: hero.sealedRealName?.base64,
            powers: hero.powers,
            pictureURL: hero.picture?.path,
            team: hero.team.map { TeamDTO(id: $0.id.rawValue, name: $0.name) },
            updatedAt: hero.updatedAt.formatted(.iso8601),
            version: hero.version
        )
    }

    /// Parses RFC 3339 with or without fractional seconds (`2026-11-30T12:00:00Z`).
    static func date(fromRFC3339 text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
