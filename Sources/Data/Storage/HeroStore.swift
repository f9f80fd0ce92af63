import Foundation

/// The offline store as the repository sees it: the port behind which the storage is a detail.
///
/// A read sees one committed state whole; a write reads and changes the state as one commit
/// that no other writer, in this process or another, can interleave with. Any number of
/// readers run at once and never wait; a writer waits only for another writer's commit.
public protocol HeroStore: Sendable {
    /// Where the store lives, for messages.
    var location: URL { get }

    /// Runs `body` against the last committed state.
    func read<Result: Sendable>(_ body: @Sendable (any HeroStoreReading) throws -> Result) async throws
        -> Result

    /// Runs `body` against the last committed state and commits what it changed, all or nothing.
    func write<Result: Sendable>(_ body: @Sendable (any HeroStoreWriting) throws -> Result) async throws
        -> Result
}

/// What a read of the store can ask. What an answer costs is the store's own: the JSON-file
/// store has parsed its one file before the first answer, SQLite reads the rows it names.
public protocol HeroStoreReading {
    /// One hero as the server last confirmed it, with its entity tag.
    func hero(_ id: String) throws -> StoredHero?
    /// A page stored under `key`; its entity tag is `nil` once any hero changed after it was
    /// stored (the server's pages all changed then).
    func page(_ key: String) throws -> StoredPage?
    /// The teams, with their entity tag.
    func teams() throws -> StoredTeams?
    /// The changes the server has not confirmed, oldest first.
    func pending() throws -> PendingQueue
    /// Whether the stored heroes are the whole roster, as a sync leaves them.
    func holdsRoster() throws -> Bool
    /// The entity tag of the roster's first page, kept by the last complete sync; `nil` once
    /// any hero changed, or was set aside, since.
    func rosterTag() throws -> String?
    /// How many heroes are stored.
    func heroCount() throws -> Int
    /// The ids of the stored heroes at `range` in the contract's order (code name without
    /// regard to case, then id).
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
    /// Keeps the roster's first-page tag, after a complete sync (`setHero` forgets it).
    func setRosterTag(_ tag: String?) throws
}
