import Foundation

/// The content of `JSONFileHeroStore`'s one file; `TestSupport`'s in-memory store holds one too.
package struct StoreState: Encodable, Sendable, Equatable {
    var schema = JSONFileHeroStore.schemaVersion
    var heroes: [String: StoredHero] = [:]
    var pages: [String: StoredPage] = [:]
    var teams: StoredTeams?
    var pending = PendingQueue()
    var holdsRoster = false
    var rosterTag: String?
    /// What did not decode, one line each; never written.
    var setAside: [String] = []

    /// Read first, to refuse a newer layout untouched.
    struct Header: Decodable {
        var schema: Int
    }

    /// The ids of the pending edits in a document of an earlier layout, so setting it aside says
    /// which edits were never sent (none if it does not read that far).
    struct EarlierPending: Decodable {
        struct Queue: Decodable { var changes: [Change] }
        struct Change: Decodable { var id: String }
        var pending: Queue?

        static func reason(_ layout: String, document: Data?) -> String {
            let ids =
                document.flatMap { try? JSONDecoder().decode(Self.self, from: $0) }?.pending?.changes
                .map { String($0.id.prefix(64)) } ?? []
            guard !ids.isEmpty else { return layout }
            let named =
                ids.prefix(10).joined(separator: ", ") + (ids.count > 10 ? " and \(ids.count - 10) more" : "")
            return "\(layout); it held \(ids.count) pending edits (\(named)) that were never sent"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case schema, heroes, pages, teams, pending, holdsRoster, rosterTag
    }

    package init() {}
}

extension StoreState: Decodable {
    /// What does not decode is named in `setAside`, the rest kept.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schema = try container.decode(Int.self, forKey: .schema)
        for (id, entry) in try container.decode([String: Lenient<StoredHero>].self, forKey: .heroes) {
            guard let hero = entry.value("hero \(id)", setAside: &setAside) else { continue }
            if hero.hero.id.rawValue == id {
                heroes[id] = hero
            } else {
                setAside.append("hero \(id): filed under another id")
            }
        }
        for (key, entry) in try container.decode([String: Lenient<StoredPage>].self, forKey: .pages) {
            pages[key] = entry.value("page \(key)", setAside: &setAside)
        }
        teams = try container.decodeIfPresent(Lenient<StoredTeams>.self, forKey: .teams)?
            .value("the teams", setAside: &setAside)
        let queue = try container.nestedContainer(keyedBy: PendingQueue.CodingKeys.self, forKey: .pending)
        pending.changes = try queue.decode([Lenient<PendingChange>].self, forKey: .changes).compactMap {
            $0.value("a pending change", setAside: &setAside)
        }
        let last = try queue.decode(Int.self, forKey: .lastLocalNumber)
        let used = pending.changes.compactMap { PendingChange.localNumber($0.id) }
            .filter { (0...StoredLimits.count).contains($0) }.max()
        pending.lastLocalNumber = (0...StoredLimits.count).contains(last) ? last : (used ?? 0)
        holdsRoster = try container.decode(Bool.self, forKey: .holdsRoster)
        // A hole must not hide behind a 304 to the roster's tag.
        rosterTag = setAside.isEmpty ? try container.decodeIfPresent(String.self, forKey: .rosterTag) : nil
    }
}

/// A value that may fail to decode without failing its container.
private struct Lenient<Value: Decodable>: Decodable {
    let result: Result<Value, any Error>
    init(from decoder: any Decoder) throws { result = Result { try Value(from: decoder) } }

    /// `nil` with `what` and why named in `setAside`.
    func value(_ what: String, setAside: inout [String]) -> Value? {
        do {
            return try result.get()
        } catch {
            setAside.append("\(what): \(StorageError.reason(error))")
            return nil
        }
    }
}

extension JSONFileHeroStore {
    package class Reader: HeroStoreReading {
        package var state: StoreState
        private var order: [String]?

        package init(_ state: StoreState) { self.state = state }

        package func hero(_ id: String) throws -> StoredHero? { state.heroes[id] }
        package func page(_ key: String) throws -> StoredPage? { state.pages[key] }
        package func teams() throws -> StoredTeams? { state.teams }
        package func pending() throws -> PendingQueue { state.pending }
        package func holdsRoster() throws -> Bool { state.holdsRoster }
        package func rosterTag() throws -> String? { state.rosterTag }
        package func heroCount() throws -> Int { state.heroes.count }

        package func heroIDs(in range: Range<Int>) throws -> [String] {
            let order =
                self.order
                ?? state.heroes.values.sorted {
                    ($0.sortName, $0.hero.id.rawValue) < ($1.sortName, $1.hero.id.rawValue)
                }
                .map(\.hero.id.rawValue)
            self.order = order
            return Array(
                order[min(max(0, range.lowerBound), order.count)..<min(range.upperBound, order.count)])
        }

        func reorder() { order = nil }
    }

    /// The store writes the state once, if anything changed.
    package final class Writer: Reader, HeroStoreWriting {
        private(set) var changed = false

        package func setHero(_ id: String, to hero: StoredHero?) throws {
            guard state.heroes[id] != hero else { return }
            if state.heroes[id]?.hero != hero?.hero {
                // Every server page changed, and the roster is no longer the synced one.
                for key in state.pages.keys { state.pages[key]?.entityTag = nil }
                state.rosterTag = nil
                reorder()
            }
            state.heroes[id] = hero
            changed = true
        }

        package func setPage(_ key: String, to page: StoredPage) throws { update(\.pages[key], to: page) }
        package func setTeams(_ teams: StoredTeams) throws { update(\.teams, to: teams) }
        package func setPending(_ queue: PendingQueue) throws { update(\.pending, to: queue) }
        package func setHoldsRoster(_ holds: Bool) throws { update(\.holdsRoster, to: holds) }
        package func setRosterTag(_ tag: String?) throws { update(\.rosterTag, to: tag) }

        private func update<Value: Equatable>(_ member: WritableKeyPath<StoreState, Value>, to value: Value) {
            guard state[keyPath: member] != value else { return }
            state[keyPath: member] = value
            changed = true
        }
    }
}
