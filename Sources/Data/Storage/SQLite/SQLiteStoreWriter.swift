import Foundation

/// Writes one transaction; heroes and the state row at the end.
final class SQLiteStoreWriter: SQLiteStoreReader, HeroStoreWriting {
    private let encoder = JSONEncoder()
    private var stateChanged = false
    private var heroesBumped = false
    /// Heroes changed but not yet written: written in id order at the end, since random-order
    /// inserts spill each page into the log many times.
    private var unwritten: Set<String> = []

    func setHero(_ id: String, to hero: StoredHero?) throws {
        let old = try self.hero(id)
        // A damaged row still counts until replaced.
        let wasDamaged = damaged.contains { $0.what == "hero \(id)" }
        guard old != hero || wasDamaged else { return }
        damaged.removeAll { $0.what == "hero \(id)" }
        var state = try state()
        if old == nil, !wasDamaged, hero != nil { state.heroCount += 1 }
        if hero == nil, old != nil || wasDamaged { state.heroCount -= 1 }
        heroes[id] = .some(hero)
        unwritten.insert(id)
        if old?.hero != hero?.hero || wasDamaged {
            if !heroesBumped { state.heroesVersion &+= 1 }
            heroesBumped = true
            state.rosterTag = nil
        }
        setState(state)
        stateChanged = true
    }

    override func heroIDs(in range: Range<Int>) throws -> [String] {
        try writeHeroes()
        return try super.heroIDs(in: range)
    }

    /// Writes the changed heroes in id order.
    private func writeHeroes() throws {
        guard !unwritten.isEmpty else { return }
        let ids = unwritten.sorted()
        unwritten = []
        let stored = ids.map { heroes[$0] ?? nil }
        let encoded = try SQLiteRecordEncoding.encode(stored)
        for (index, id) in ids.enumerated() {
            guard let hero = stored[index], let text = encoded[index] else {
                try connection.run("DELETE FROM heroes WHERE id = ?", [.text(id)])
                continue
            }
            try connection.run(
                "INSERT OR REPLACE INTO heroes (id, hero, sort_name) VALUES (?, ?, ?)",
                [.text(id), .data(text), .text(Self.sortName(of: hero))])
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
        damaged.removeAll { $0.what == "page \(key)" }
    }

    func setTeams(_ teams: StoredTeams) throws {
        try connection.run(
            "UPDATE store_state SET teams = ? WHERE id = 1", [.data(try encoder.encode(teams))])
        damaged.removeAll { $0.what == "the teams" }
    }

    func setPending(_ queue: PendingQueue) throws {
        try connection.run("DELETE FROM pending_changes")
        for (position, change) in queue.changes.enumerated() {
            try connection.run(
                "INSERT INTO pending_changes (position, change) VALUES (?, ?)",
                [.integer(position), .data(try encoder.encode(change))])
        }
        // Renumbered: damaged rows read before are gone.
        damaged.removeAll { if case .pending = $0 { true } else { false } }
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

    func setRosterTag(_ tag: String?) throws {
        var state = try state()
        guard state.rosterTag != tag else { return }
        state.rosterTag = tag
        setState(state)
        stateChanged = true
    }

    /// Writes the heroes and the state row, then sets aside damaged rows.
    func finish() throws {
        try writeHeroes()
        if stateChanged {
            let state = try state()
            try connection.run(
                """
                UPDATE store_state SET holds_roster = ?, heroes_version = ?, hero_count = ?,
                    last_local_number = ?, roster_tag = ? WHERE id = 1
                """,
                [
                    .integer(state.holdsRoster ? 1 : 0), .integer(state.heroesVersion),
                    .integer(state.heroCount),
                    .integer(state.lastLocalNumber), state.rosterTag.map(SQLiteValue.text) ?? .null,
                ])
        }
        try setAside(damaged)
    }

    /// Moves damaged rows into `set_aside`; a hero's leaves a hole, so the roster tag goes.
    func setAside(_ rows: [SQLiteDamage]) throws {
        for row in rows {
            let what = SQLiteValue.text(row.what)
            switch row {
            case .hero(let id, _):
                try connection.run(
                    "INSERT INTO set_aside SELECT ?, hero FROM heroes WHERE id = ?", [what, .text(id)])
                try connection.run("DELETE FROM heroes WHERE id = ?", [.text(id)])
                try connection.run(
                    """
                    UPDATE store_state SET hero_count = (SELECT count(*) FROM heroes), roster_tag = NULL,
                        heroes_version = heroes_version + 1 WHERE id = 1
                    """)
            case .page(let key, _):
                try connection.run(
                    "INSERT INTO set_aside SELECT ?, ids FROM pages WHERE query = ?", [what, .text(key)])
                try connection.run("DELETE FROM pages WHERE query = ?", [.text(key)])
            case .pending(let position, _):
                try connection.run(
                    "INSERT INTO set_aside SELECT ?, change FROM pending_changes WHERE position = ?",
                    [what, .integer(position)])
                try connection.run("DELETE FROM pending_changes WHERE position = ?", [.integer(position)])
            case .teams:
                try connection.run(
                    "INSERT INTO set_aside SELECT ?, teams FROM store_state WHERE id = 1", [what])
                try connection.run("UPDATE store_state SET teams = NULL WHERE id = 1")
            }
        }
    }

    /// The sort key: the case-folded code name, precomposed so SQLite's byte order is Swift's.
    static func sortName(of hero: StoredHero) -> String {
        let name = hero.sortName
        return name.utf8.allSatisfy { $0 < 0x80 } ? name : name.precomposedStringWithCanonicalMapping
    }
}
