import CSQLite
import Foundation

/// Reads one transaction; a row that does not decode reads as missing and is noted in `damaged`.
class SQLiteStoreReader: HeroStoreReading {
    let connection: SQLiteConnection
    /// Heroes decoded or changed so far (`nil`: none stored).
    var heroes: [String: StoredHero?] = [:]
    /// Rows that do not decode.
    var damaged: [SQLiteDamage] = []
    private var loadedState: StoreState?

    /// The one row of `store_state`, less the teams.
    struct StoreState {
        var holdsRoster = false
        /// Bumped when a hero changes; a page stored at another version loses its entity tag.
        var heroesVersion = 0
        var heroCount = 0
        var lastLocalNumber = 0
        var rosterTag: String?
    }

    init(connection: SQLiteConnection) { self.connection = connection }

    func state() throws -> StoreState {
        if let loadedState { return loadedState }
        var found = StoreState()
        try connection.run(
            "SELECT holds_roster, heroes_version, hero_count, last_local_number, roster_tag FROM store_state"
        ) { row in
            found = StoreState(
                holdsRoster: row.integer(0) != 0, heroesVersion: row.integer(1), heroCount: row.integer(2),
                lastLocalNumber: row.integer(3), rosterTag: row.text(4))
        }
        // A tampered counter is recounted, never trusted.
        if !(0...StoredLimits.count).contains(found.heroCount) {
            found.heroCount = try connection.integer("SELECT count(*) FROM heroes") ?? 0
        }
        if !(0...StoredLimits.count).contains(found.lastLocalNumber) { found.lastLocalNumber = 0 }
        loadedState = found
        return found
    }

    func setState(_ state: StoreState) { loadedState = state }

    func hero(_ id: String) throws -> StoredHero? {
        if let known = heroes[id] { return known }
        var found: StoredHero?
        try connection.run("SELECT hero FROM heroes WHERE id = ?", [.text(id)]) { row in
            found = decode(StoredHero.self, row.data(0), else: { .hero(id, reason: $0) })
            if let hero = found, hero.hero.id.rawValue != id {
                found = nil
                damaged.append(.hero(id, reason: "filed under another id"))
            }
        }
        heroes[id] = .some(found)
        return found
    }

    func page(_ key: String) throws -> StoredPage? {
        var found: StoredPage?
        var version = 0
        try connection.run(
            "SELECT ids, page, per_page, total, entity_tag, heroes_version FROM pages WHERE query = ?",
            [.text(key)]
        ) { row in
            let limit = 1...StoredLimits.count
            guard let ids = decode([String].self, row.data(0), else: { .page(key, reason: $0) }),
                limit.contains(row.integer(1)), limit.contains(row.integer(2)),
                limit.contains(row.integer(3) + 1)
            else {
                if !damaged.contains(where: { $0.what == "page \(key)" }) {
                    damaged.append(.page(key, reason: "numbers out of range"))
                }
                return
            }
            found = StoredPage(
                ids: ids, page: row.integer(1), perPage: row.integer(2), total: row.integer(3),
                entityTag: row.text(4))
            version = row.integer(5)
        }
        if found != nil, version != (try state().heroesVersion) { found?.entityTag = nil }
        return found
    }

    func teams() throws -> StoredTeams? {
        var found: StoredTeams?
        try connection.run("SELECT teams FROM store_state WHERE id = 1") { row in
            if let data = row.data(0) { found = decode(StoredTeams.self, data, else: { .teams(reason: $0) }) }
        }
        return found
    }

    func pending() throws -> PendingQueue {
        var queue = PendingQueue()
        try connection.run("SELECT position, change FROM pending_changes ORDER BY position") { row in
            if let change = decode(
                PendingChange.self, row.data(1), else: { .pending(row.integer(0), reason: $0) })
            {
                queue.changes.append(change)
            }
        }
        queue.lastLocalNumber = try state().lastLocalNumber
        return queue
    }

    func holdsRoster() throws -> Bool { try state().holdsRoster }

    func rosterTag() throws -> String? { try state().rosterTag }

    func heroCount() throws -> Int { try state().heroCount }

    func heroIDs(in range: Range<Int>) throws -> [String] {
        let lower = max(0, range.lowerBound)
        guard range.upperBound > lower else { return [] }
        var ids: [String] = []
        try connection.run(
            "SELECT id FROM heroes ORDER BY sort_name, id LIMIT ? OFFSET ?",
            [.integer(range.upperBound - lower), .integer(lower)]
        ) { row in ids.append(row.text(0) ?? "") }
        return ids
    }

    /// `data` decoded, or `nil` with `damage` noted.
    private func decode<Value: Decodable>(
        _ type: Value.Type, _ data: Data?, else damage: (String) -> SQLiteDamage
    ) -> Value? {
        do {
            return try JSONDecoder().decode(type, from: data ?? Data())
        } catch {
            damaged.append(damage(StorageError.reason(error)))
            return nil
        }
    }
}

/// A row that does not decode, and why.
enum SQLiteDamage: Sendable {
    case hero(String, reason: String)
    case page(String, reason: String)
    case pending(Int, reason: String)
    case teams(reason: String)

    /// What the row held, for the warning.
    var what: String {
        switch self {
        case .hero(let id, _): "hero \(id)"
        case .page(let key, _): "page \(key)"
        case .pending(let position, _): "pending change \(position)"
        case .teams: "the teams"
        }
    }

    /// One line: what and why.
    var line: String {
        switch self {
        case .hero(_, let reason), .page(_, let reason), .pending(_, let reason), .teams(let reason):
            "\(what): \(reason)"
        }
    }
}
