import CSQLite
import Foundation

/// Reads one transaction of `SQLiteHeroStore`: each answer one indexed query, each hero decoded
/// once per transaction.
class SQLiteStoreReader: HeroStoreReading {
    let connection: SQLiteConnection
    /// The heroes decoded (or changed) so far, by id (`nil`: none stored).
    var heroes: [String: StoredHero?] = [:]
    private var loadedState: StoreState?

    /// The one row of `store_state`, less the teams.
    struct StoreState {
        var holdsRoster = false
        /// Bumped by every commit that changes a hero's record; a page stored at another
        /// version has lost its entity tag.
        var heroesVersion = 0
        var heroCount = 0
        var lastLocalNumber = 0
    }

    init(connection: SQLiteConnection) { self.connection = connection }

    func state() throws -> StoreState {
        if let loadedState { return loadedState }
        var found = StoreState()
        try connection.run(
            "SELECT holds_roster, heroes_version, hero_count, last_local_number FROM store_state WHERE id = 1"
        ) { row in
            found = StoreState(
                holdsRoster: row.integer(0) != 0, heroesVersion: row.integer(1), heroCount: row.integer(2),
                lastLocalNumber: row.integer(3))
        }
        loadedState = found
        return found
    }

    func setState(_ state: StoreState) { loadedState = state }

    func hero(_ id: String) throws -> StoredHero? {
        if let known = heroes[id] { return known }
        var found: StoredHero?
        try connection.run("SELECT record, entity_tag FROM heroes WHERE id = ?", [.text(id)]) { row in
            found = StoredHero(record: try Self.tree(row.data(0), of: "hero \(id)"), entityTag: row.text(1))
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
            let ids = try Self.decode([String].self, row.data(0), of: "a page's ids")
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
            if let data = row.data(0) { found = try Self.decode(StoredTeams.self, data, of: "the teams") }
        }
        return found
    }

    func pending() throws -> PendingQueue {
        var queue = PendingQueue()
        try connection.run("SELECT change FROM pending_changes ORDER BY position") { row in
            queue.changes.append(try Self.decode(PendingChange.self, row.data(0), of: "a pending change"))
        }
        queue.lastLocalNumber = try state().lastLocalNumber
        return queue
    }

    func holdsRoster() throws -> Bool { try state().holdsRoster }

    func heroCount() throws -> Int { try state().heroCount }

    func heroIDs(in range: Range<Int>) throws -> [String] {
        let lower = max(0, range.lowerBound)
        guard range.upperBound > lower else { return [] }
        var ids: [String] = []
        ids.reserveCapacity(range.upperBound - lower)
        try connection.run(
            "SELECT id FROM heroes ORDER BY sort_name, id LIMIT ? OFFSET ?",
            [.integer(range.upperBound - lower), .integer(lower)]
        ) { row in ids.append(row.text(0) ?? "") }
        return ids
    }

    /// A record as stored; one that is not JSON is damage, as a page SQLite cannot read is.
    static func tree(_ data: Data?, of what: String) throws -> JSONValue {
        guard let data, let tree = try? JSONValue.parse(data) else {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "\(what) is not JSON")
        }
        return tree
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ data: Data?, of what: String) throws -> Value {
        guard let data, let value = try? JSONDecoder().decode(type, from: data) else {
            throw SQLiteError(code: SQLITE_CORRUPT, message: "\(what) does not decode")
        }
        return value
    }
}

/// Changes one `BEGIN IMMEDIATE` transaction: rows at once, the state row once, at the end.
final class SQLiteStoreWriter: SQLiteStoreReader, HeroStoreWriting {
    private let encoder = JSONEncoder()
    private var stateChanged = false
    private var heroesBumped = false
    /// Heroes changed in `heroes` but not yet in the table. They are written together, in id
    /// order, at the end (or before the order is read): a sync's 10,000 inserts in a random order
    /// walked the table's pages at random, and spilled each page into the log many times over.
    private var unwritten: Set<String> = []

    func setHero(_ id: String, to hero: StoredHero?) throws {
        let old = try self.hero(id)
        guard old != hero else { return }
        var state = try state()
        if old == nil { state.heroCount += 1 }
        if hero == nil { state.heroCount -= 1 }
        heroes[id] = .some(hero)
        unwritten.insert(id)
        if old?.record != hero?.record, !heroesBumped {
            state.heroesVersion += 1
            heroesBumped = true
        }
        setState(state)
        stateChanged = true
    }

    override func heroIDs(in range: Range<Int>) throws -> [String] {
        try writeHeroes()
        return try super.heroIDs(in: range)
    }

    /// Writes the changed heroes, in id order; a large commit encodes them on every core.
    private func writeHeroes() throws {
        guard !unwritten.isEmpty else { return }
        let ids = unwritten.sorted()
        unwritten = []
        let stored = ids.map { heroes[$0] ?? nil }
        let records = try SQLiteRecordEncoding.encode(stored.map { $0?.record })
        for (index, id) in ids.enumerated() {
            guard let hero = stored[index], let record = records[index] else {
                try connection.run("DELETE FROM heroes WHERE id = ?", [.text(id)])
                continue
            }
            try connection.run(
                "INSERT OR REPLACE INTO heroes (id, record, entity_tag, sort_name) VALUES (?, ?, ?, ?)",
                [
                    .text(id), .data(record), hero.entityTag.map(SQLiteValue.text) ?? .null,
                    .text(Self.sortName(of: hero.record)),
                ])
        }
    }

    func setPage(_ key: String, to page: StoredPage) throws {
        try connection.run(
            """
            INSERT OR REPLACE INTO pages (query, ids, page, per_page, total, entity_tag, heroes_version)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(key), .data(try encoder.encode(page.ids)), .integer(page.page), .integer(page.perPage),
                .integer(page.total), page.entityTag.map(SQLiteValue.text) ?? .null,
                .integer(try state().heroesVersion),
            ])
    }

    func setTeams(_ teams: StoredTeams) throws {
        try connection.run(
            "UPDATE store_state SET teams = ? WHERE id = 1", [.data(try encoder.encode(teams))])
    }

    func setPending(_ queue: PendingQueue) throws {
        try connection.run("DELETE FROM pending_changes")
        for (position, change) in queue.changes.enumerated() {
            try connection.run(
                "INSERT INTO pending_changes (position, change) VALUES (?, ?)",
                [.integer(position), .data(try encoder.encode(change))])
        }
        var state = try state()
        state.lastLocalNumber = queue.lastLocalNumber
        setState(state)
        stateChanged = true
    }

    func setHoldsRoster(_ holds: Bool) throws {
        var state = try state()
        guard state.holdsRoster != holds else { return }
        state.holdsRoster = holds
        setState(state)
        stateChanged = true
    }

    /// Writes the heroes, and the state row if anything in it changed.
    func finish() throws {
        try writeHeroes()
        guard stateChanged else { return }
        let state = try state()
        try connection.run(
            """
            UPDATE store_state SET holds_roster = ?, heroes_version = ?, hero_count = ?, last_local_number = ?
            WHERE id = 1
            """,
            [
                .integer(state.holdsRoster ? 1 : 0), .integer(state.heroesVersion), .integer(state.heroCount),
                .integer(state.lastLocalNumber),
            ])
    }

    /// The key a hero is ordered by: its code name without regard to case, as `RosterEntry` has
    /// it, in Unicode's composed form, so that SQLite's byte order is Swift's order of strings.
    static func sortName(of record: JSONValue) -> String {
        let name = RosterEntry(id: "", record: record).name
        return name.utf8.allSatisfy { $0 < 0x80 } ? name : name.precomposedStringWithCanonicalMapping
    }
}
