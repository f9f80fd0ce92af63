import Domain

/// What the offline store keeps: heroes by id, pages by query and the teams, each exactly as
/// the server sent it (one `JSONValue` record each) with the entity tag that revalidates it,
/// and the pending changes made while the server could not be reached, oldest first.
public struct HeroCache: Codable, Sendable, Equatable {
    /// A hero's record and its entity tag.
    public struct StoredHero: Codable, Sendable, Equatable {
        var hero: JSONValue
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

    /// The teams' records and their entity tag.
    public struct StoredTeams: Codable, Sendable, Equatable {
        var items: [JSONValue]
        var entityTag: String?

        enum CodingKeys: String, CodingKey {
            case items
            case entityTag = "entity_tag"
        }
    }

    var heroes: [String: StoredHero] = [:]
    var pages: [String: StoredPage] = [:]
    var teams: StoredTeams?
    /// Local changes the server has not confirmed, in the order they were made.
    var pending: [PendingChange] = []
    /// Whether `heroes` is the whole roster, as a sync leaves it: then a page that was never
    /// stored can still be answered offline (`rosterPage(for:)`).
    var holdsRoster = false

    enum CodingKeys: String, CodingKey {
        case heroes, pages, teams, pending
        case holdsRoster = "holds_roster"
    }

    /// An empty cache.
    public init() {}

    /// Reads a cache; one written before pending changes existed has none, and one written
    /// before the roster was marked does not hold it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        heroes = try container.decode([String: StoredHero].self, forKey: .heroes)
        pages = try container.decode([String: StoredPage].self, forKey: .pages)
        teams = try container.decodeIfPresent(StoredTeams.self, forKey: .teams)
        pending = try container.decodeIfPresent([PendingChange].self, forKey: .pending) ?? []
        holdsRoster = try container.decodeIfPresent(Bool.self, forKey: .holdsRoster) ?? false
    }

    /// The key a page is stored under: every part of the query, in a fixed order.
    static func key(for query: HeroQuery) -> String {
        "page=\(query.page)&per_page=\(query.perPage)&q=\(query.text ?? "")&team=\(query.teamID?.rawValue ?? "")"
    }

    /// The records by id, as the pipeline compares them.
    var records: [String: JSONValue] { heroes.mapValues(\.hero) }

    /// Stores a hero's record as received, with the server's entity tag (or, when it sent none,
    /// the contract's `"<id>-<version>"`). A hero that changed changes every page on the
    /// server, so every stored page loses its entity tag but stays, to answer offline; the
    /// same record stored again changes nothing.
    mutating func store(_ record: JSONValue, id: String, entityTag: String? = nil) {
        guard heroes[id]?.hero != record else {
            if let entityTag { heroes[id]?.entityTag = entityTag }
            return
        }
        heroes[id] = StoredHero(
            hero: record, entityTag: entityTag ?? Self.contractTag(id: id, record: record))
        for key in pages.keys { pages[key]?.entityTag = nil }
    }

    /// Forgets a hero and every page (their lists changed).
    mutating func remove(_ id: String) {
        if heroes.removeValue(forKey: id) != nil { pages = [:] }
    }

    /// The contract's entity tag for a record: `"<id>-<version>"`.
    static func contractTag(id: String, record: JSONValue) -> String? {
        guard case .integer(let version)? = record[path: "version"] else { return nil }
        return RemoteHeroDataSource.entityTag(id: id, version: version)
    }
}
