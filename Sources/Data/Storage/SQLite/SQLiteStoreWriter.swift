import Foundation

/// One write transaction: changed heroes, then the state row at the end.
final class SQLiteStoreWriter: SQLiteStoreReader, HeroStoreWriting {
    private var stateChanged = false
    private var pagesInvalidated = false
    /// Written in id order at the end: random-order inserts spill each page into the log many
    /// times.
    private var unwritten: Set<String> = []

    func setHero(_ id: String, to hero: StoredHero?) throws {
        let old = try self.hero(id)
        // A damaged row still counts until replaced.
        let wasDamaged = damagedHeroes.removeValue(forKey: id) != nil
        guard old != hero || wasDamaged else { return }
        heroes[id] = .some(hero)
        unwritten.insert(id)
        if old?.hero != hero?.hero || wasDamaged { try heroesChanged() }
    }

    /// Every server page's tag is stale, and the roster is no longer the synced one.
    private func heroesChanged() throws {
        guard !pagesInvalidated else { return }
        pagesInvalidated = true
        try update { state in
            for key in state.pages.keys { state.pages[key]?.entityTag = nil }
            state.rosterTag = nil
        }
    }

    override func heroIDs(in range: Range<Int>) throws -> [String] {
        try writeHeroes()
        return try super.heroIDs(in: range)
    }

    override func heroCount() throws -> Int {
        try writeHeroes()
        return try super.heroCount()
    }

    private func writeHeroes() throws {
        guard !unwritten.isEmpty else { return }
        let encoder = JSONEncoder()
        for id in unwritten.sorted() {
            guard let hero = heroes[id] ?? nil else {
                try connection.run("DELETE FROM heroes WHERE id = ?", [.text(id)])
                continue
            }
            try connection.run(
                "INSERT OR REPLACE INTO heroes (id, hero, sort_name) VALUES (?, ?, ?)",
                [.text(id), .data(try encoder.encode(hero)), .text(Self.sortName(of: hero))])
        }
        unwritten = []
    }

    func setPage(_ key: String, to page: StoredPage) throws { try update { $0.pages[key] = page } }
    func setTeams(_ teams: StoredTeams) throws { try update { $0.teams = teams } }
    func setPending(_ queue: PendingQueue) throws { try update { $0.pending = queue } }
    func setHoldsRoster(_ holds: Bool) throws { try update { $0.holdsRoster = holds } }
    func setRosterTag(_ tag: String?) throws { try update { $0.rosterTag = tag } }

    private func update(_ change: (inout StoreState) -> Void) throws {
        var state = try state()
        let before = state
        change(&state)
        loadedState = state
        if state != before { stateChanged = true }
    }

    func finish() throws {
        try writeHeroes()
        try setAside()
        if stateChanged {
            var state = try state()
            state.setAside = []
            try connection.run(
                "INSERT OR REPLACE INTO state (id, content) VALUES (1, ?)",
                [.data(try JSONEncoder().encode(state))])
        }
    }

    /// Moves damaged hero rows, and the state row as found, into `set_aside`. A hero's leaves a
    /// hole, so the roster tag goes.
    func setAside() throws {
        for (id, _) in damagedHeroes {
            try connection.run(
                "INSERT INTO set_aside SELECT ?, hero FROM heroes WHERE id = ?",
                [.text("hero \(id)"), .text(id)])
            try connection.run("DELETE FROM heroes WHERE id = ?", [.text(id)])
            try heroesChanged()
        }
        if let found = damagedState {
            try connection.run("INSERT INTO set_aside VALUES ('the store''s state', ?)", [.data(found)])
            stateChanged = true
        }
    }

    /// Case-folded and precomposed, so SQLite's byte order is Swift's.
    static func sortName(of hero: StoredHero) -> String {
        let name = hero.sortName
        return name.utf8.allSatisfy { $0 < 0x80 } ? name : name.precomposedStringWithCanonicalMapping
    }
}
