import Foundation

/// Reads one transaction; a record that does not decode reads as missing and is named in
/// `damaged`.
class SQLiteStoreReader: HeroStoreReading {
    let connection: SQLiteConnection
    /// Decoded or changed so far (`nil`: none stored).
    var heroes: [String: StoredHero?] = [:]
    /// By id, and why.
    var damagedHeroes: [String: String] = [:]
    /// Decoded once; its heroes are in their table.
    var loadedState: StoreState?
    /// As found, when part of it did not decode.
    var damagedState: Data?

    init(connection: SQLiteConnection) { self.connection = connection }

    /// One line per damaged record.
    var damaged: [String] {
        damagedHeroes.sorted { $0.key < $1.key }.map { "hero \($0.key): \($0.value)" }
            + (damagedState == nil ? [] : loadedState?.setAside ?? [])
    }

    func state() throws -> StoreState {
        if let loadedState { return loadedState }
        var content: Data?
        try connection.run("SELECT content FROM state WHERE id = 1") { row in content = row.data(0) }
        var state = StoreState()
        if let content {
            do {
                state = try JSONDecoder().decode(StoreState.self, from: content)
            } catch {
                state.setAside = ["the store's state: \(StorageError.reason(error))"]
            }
            if !state.setAside.isEmpty { damagedState = content }
        }
        loadedState = state
        return state
    }

    func hero(_ id: String) throws -> StoredHero? {
        if let known = heroes[id] { return known }
        var found: StoredHero?
        try connection.run("SELECT hero FROM heroes WHERE id = ?", [.text(id)]) { row in
            do {
                found = try JSONDecoder().decode(StoredHero.self, from: row.data(0) ?? Data())
                if found?.hero.id.rawValue != id {
                    found = nil
                    damagedHeroes[id] = "filed under another id"
                }
            } catch {
                damagedHeroes[id] = StorageError.reason(error)
            }
        }
        heroes[id] = .some(found)
        return found
    }

    func page(_ key: String) throws -> StoredPage? { try state().pages[key] }
    func teams() throws -> StoredTeams? { try state().teams }
    func pending() throws -> PendingQueue { try state().pending }
    func holdsRoster() throws -> Bool { try state().holdsRoster }
    func rosterTag() throws -> String? { try state().rosterTag }
    func heroCount() throws -> Int { try connection.integer("SELECT count(*) FROM heroes") ?? 0 }

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
}
