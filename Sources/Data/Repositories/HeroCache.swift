import Domain

/// What the offline store keeps: heroes by id, pages by query and the teams, each in wire form
/// with the entity tag that revalidates it.
public struct HeroCache: Codable, Sendable, Equatable {
    /// A hero and its entity tag.
    public struct StoredHero: Codable, Sendable, Equatable {
        var hero: HeroDTO
        var entityTag: String?

        enum CodingKeys: String, CodingKey {
            case hero
            case entityTag = "entity_tag"
        }
    }

    /// A page as the server numbered it, by hero ids, and its entity tag.
    public struct StoredPage: Codable, Sendable, Equatable {
        var ids: [String]
        var page: Int
        var perPage: Int
        var total: Int
        var entityTag: String?

        enum CodingKeys: String, CodingKey {
            case ids, page, total
            case perPage = "per_page"
            case entityTag = "entity_tag"
        }
    }

    /// The teams and their entity tag.
    public struct StoredTeams: Codable, Sendable, Equatable {
        var items: [TeamDTO]
        var entityTag: String?

        enum CodingKeys: String, CodingKey {
            case items
            case entityTag = "entity_tag"
        }
    }

    var heroes: [String: StoredHero] = [:]
    var pages: [String: StoredPage] = [:]
    var teams: StoredTeams?

    /// An empty cache.
    public init() {}

    /// The key a page is stored under: every part of the query, in a fixed order.
    static func key(for query: HeroQuery) -> String {
        "page=\(query.page)&per_page=\(query.perPage)&q=\(query.text ?? "")&team=\(query.teamID?.rawValue ?? "")"
    }

    /// Stores a hero. A hero that changed changes every page on the server, so every stored
    /// page loses its entity tag (the next read fetches it whole) but stays, to answer offline;
    /// the same hero stored again changes nothing.
    mutating func store(_ hero: HeroDTO) {
        guard heroes[hero.id]?.hero != hero else { return }
        heroes[hero.id] = StoredHero(
            hero: hero, entityTag: RemoteHeroDataSource.entityTag(id: hero.id, version: hero.version))
        for key in pages.keys { pages[key]?.entityTag = nil }
    }
}
