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

/// What a read of the store can ask, each answer costing the records it names.
public protocol HeroStoreReading {
    /// One hero's record as the server sent it, with its entity tag.
    func hero(_ id: String) throws -> StoredHero?
    /// A page stored under `key`; its entity tag is `nil` once any hero changed after it was
    /// stored (the server's pages all changed then).
    func page(_ key: String) throws -> StoredPage?
    /// The teams as the server sent them.
    func teams() throws -> StoredTeams?
    /// The changes the server has not confirmed, oldest first.
    func pending() throws -> PendingQueue
    /// Whether the stored heroes are the whole roster, as a sync leaves them.
    func holdsRoster() throws -> Bool
    /// How many heroes are stored.
    func heroCount() throws -> Int
    /// The ids of the stored heroes at `range` in the contract's order (code name without
    /// regard to case, then id).
    func heroIDs(in range: Range<Int>) throws -> [String]
}

/// What a write can change, on top of what it can read (its own changes included).
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
}

/// A hero's record and its entity tag.
public struct StoredHero: Codable, Sendable, Equatable {
    /// The record as the server sent it.
    public var record: JSONValue
    /// The server's entity tag (or the contract's `"<id>-<version>"` when it sent none).
    public var entityTag: String?

    /// A record and its tag.
    public init(record: JSONValue, entityTag: String?) {
        self.record = record
        self.entityTag = entityTag
    }

    enum CodingKeys: String, CodingKey {
        case record
        case entityTag = "entity_tag"
    }
}

/// A page as the server numbered it, by hero ids, and its entity tag.
public struct StoredPage: Codable, Sendable, Equatable {
    /// The heroes' ids, in the page's order.
    public var ids: [String]
    /// The page's number, size and the total the server gave.
    public var page: Int
    /// The page size asked for.
    public var perPage: Int
    /// How many heroes matched in all.
    public var total: Int
    /// The page's entity tag.
    public var entityTag: String?

    /// A page as received.
    public init(ids: [String], page: Int, perPage: Int, total: Int, entityTag: String?) {
        self.ids = ids
        self.page = page
        self.perPage = perPage
        self.total = total
        self.entityTag = entityTag
    }

    enum CodingKeys: String, CodingKey {
        case ids, page, total
        case perPage = "per_page"
        case entityTag = "entity_tag"
    }
}

/// The teams' records and their entity tag.
public struct StoredTeams: Codable, Sendable, Equatable {
    /// The records as the server sent them.
    public var items: [JSONValue]
    /// The list's entity tag.
    public var entityTag: String?

    /// The teams as received.
    public init(items: [JSONValue], entityTag: String?) {
        self.items = items
        self.entityTag = entityTag
    }

    enum CodingKeys: String, CodingKey {
        case items
        case entityTag = "entity_tag"
    }
}

/// The pending changes, oldest first, and the last number given to a hero created offline.
public struct PendingQueue: Codable, Sendable, Equatable {
    /// The changes, in the order they were made.
    public var changes: [PendingChange] = []
    /// The last `local-N` number given; never given again.
    public var lastLocalNumber = 0

    /// No pending change.
    public init() {}

    enum CodingKeys: String, CodingKey {
        case changes
        case lastLocalNumber = "last_local_number"
    }
}
