import Foundation

/// The offline store, as the repository sees it. A read sees one commit whole; a write is one
/// commit that no other writer, in any process, interleaves with.
public protocol HeroStore: Sendable {
    /// For messages.
    var location: URL { get }

    /// Runs `body` against the last commit.
    func read<Result: Sendable>(_ body: @Sendable (any HeroStoreReading) throws -> Result) async throws
        -> Result

    /// Runs `body` and commits its changes, all or nothing.
    func write<Result: Sendable>(_ body: @Sendable (any HeroStoreWriting) throws -> Result) async throws
        -> Result
}

/// What a read of the store can ask.
public protocol HeroStoreReading {
    /// As the server last confirmed it.
    func hero(_ id: String) throws -> StoredHero?
    /// Its entity tag is `nil` once any hero changed since.
    func page(_ key: String) throws -> StoredPage?
    func teams() throws -> StoredTeams?
    /// Unconfirmed changes, oldest first.
    func pending() throws -> PendingQueue
    /// Whether the stored heroes are the whole roster, as a sync leaves them.
    func holdsRoster() throws -> Bool
    /// Page 1's tag from the last complete sync; `nil` once any hero changed since.
    func rosterTag() throws -> String?
    func heroCount() throws -> Int
    /// By code name (case-insensitive), then id.
    func heroIDs(in range: Range<Int>) throws -> [String]
}

/// What a write can change; its reads see its own changes.
public protocol HeroStoreWriting: HeroStoreReading {
    /// `nil` forgets the hero.
    func setHero(_ id: String, to hero: StoredHero?) throws
    func setPage(_ key: String, to page: StoredPage) throws
    func setTeams(_ teams: StoredTeams) throws
    func setPending(_ queue: PendingQueue) throws
    func setHoldsRoster(_ holds: Bool) throws
    /// After a complete sync (`setHero` forgets it).
    func setRosterTag(_ tag: String?) throws
}
