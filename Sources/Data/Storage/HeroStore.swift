import Foundation

/// The offline store, as the repository sees it. A read sees one commit whole and never waits;
/// a write is one commit that no other writer, in any process, interleaves with.
public protocol HeroStore: Sendable {
    /// Where the store lives, for messages.
    var location: URL { get }

    /// Runs `body` against the last committed state.
    func read<Result: Sendable>(_ body: @Sendable (any HeroStoreReading) throws -> Result) async throws
        -> Result

    /// Runs `body` and commits what it changed, all or nothing.
    func write<Result: Sendable>(_ body: @Sendable (any HeroStoreWriting) throws -> Result) async throws
        -> Result
}

/// What a read of the store can ask.
public protocol HeroStoreReading {
    /// One hero as the server last confirmed it, with its entity tag.
    func hero(_ id: String) throws -> StoredHero?
    /// A page stored under `key`; its entity tag is `nil` once any hero changed since.
    func page(_ key: String) throws -> StoredPage?
    /// The teams, with their entity tag.
    func teams() throws -> StoredTeams?
    /// The changes the server has not confirmed, oldest first.
    func pending() throws -> PendingQueue
    /// Whether the stored heroes are the whole roster, as a sync leaves them.
    func holdsRoster() throws -> Bool
    /// Page 1's entity tag from the last complete sync; `nil` once any hero changed since.
    func rosterTag() throws -> String?
    /// How many heroes are stored.
    func heroCount() throws -> Int
    /// Stored hero ids at `range`, by code name (case-insensitive), then id.
    func heroIDs(in range: Range<Int>) throws -> [String]
}

/// What a write can change; its reads see its own changes.
public protocol HeroStoreWriting: HeroStoreReading {
    /// Stores `hero` under `id`; `nil` forgets it.
    func setHero(_ id: String, to hero: StoredHero?) throws
    /// Stores a page under `key`.
    func setPage(_ key: String, to page: StoredPage) throws
    /// Stores the teams.
    func setTeams(_ teams: StoredTeams) throws
    /// Replaces the pending changes.
    func setPending(_ queue: PendingQueue) throws
    /// Marks the stored heroes as the whole roster (or not).
    func setHoldsRoster(_ holds: Bool) throws
    /// Keeps page 1's tag after a complete sync (`setHero` forgets it).
    func setRosterTag(_ tag: String?) throws
}
