import Foundation

/// The `HeroStore` kept as JSON files, one per record (see `RecordFolder` for the layout and
/// why a crash or a concurrent reader never sees half a commit):
///
///     heroes-<xx>     the records and entity tags of the heroes whose id hashes to shard xx
///     page-<hash>     a stored page (the hash of its query; the query is inside, and checked)
///     teams           the teams
///     pending         the pending changes, oldest first
///     roster          the order of the stored heroes, by chunk (`RosterIndex`)
///     roster-<n>      one chunk of that order
///
/// Reading one hero reads one shard, a 1,024th of the roster; a commit writes the shards,
/// chunks and records it changed and nothing else. Encoded and decoded with Foundation's JSON coders.
public final class JSONFileHeroStore: HeroStore {
    private let folder: RecordFolder
    /// How long a writer waits for another writer's commit before giving up.
    private let writerPatience: Duration
    /// The records the last read decoded, and the generation it read: a write that starts on the
    /// same generation (nothing was committed since) takes them instead of reading them again, so
    /// a command that reads a hero and then stores the server's answer reads its file once.
    private let lastRead = LastRead()

    private struct Decoded: Sendable {
        var generation: Int
        var records: [String: (any Sendable)?]
    }

    /// The last read's records behind an `NSLock`: a pthread mutex, which ThreadSanitizer sees.
    // @unchecked Sendable: `value` is only touched inside `withLock`, under `lock`.
    private final class LastRead: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Decoded?

        func withLock<Result>(_ body: (inout Decoded?) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&value)
        }
    }

    /// Where the store lives.
    public var location: URL { folder.url }

    /// Opens the store in the folder `url` (creating it), and, the first time, moves a cache of
    /// the one-file layout at `legacyFile` into it, pending changes included.
    /// - Parameter writerPatience: how long a write waits for another writer's commit before it
    ///   fails with `StorageError.locked`.
    /// - Parameter report: told about a damaged file that was moved aside (the store goes on
    ///   without it).
    /// - Throws: `StorageError.unsupportedSchema` for a store of a newer layout, `.io` when
    ///   the folder cannot be used.
    public static func open(
        at url: URL, migrating legacyFile: URL? = nil, writerPatience: Duration = .seconds(5),
        report: @escaping @Sendable (StorageError) -> Void = { _ in }
    ) throws -> JSONFileHeroStore {
        let folder: RecordFolder
        do {
            folder = try RecordFolder(at: url, report: report)
        } catch let problem as StorageError {
            guard case .corrupt = problem else { throw problem }
            report(problem)
            folder = try RecordFolder(at: url, report: report)
        }
        let store = JSONFileHeroStore(folder: folder, writerPatience: writerPatience)
        if let legacyFile, try folder.isEmpty {
            try LegacyHeroCache.migrate(legacyFile, into: store, report: report)
        }
        return store
    }

    private init(folder: RecordFolder, writerPatience: Duration) {
        self.folder = folder
        self.writerPatience = writerPatience
    }

    /// Runs `body` against the last commit, reading no lock; read again if a commit's clean-up
    /// takes a file from under it.
    public func read<Result: Sendable>(_ body: @Sendable (any HeroStoreReading) throws -> Result)
        async throws -> Result
    {
        try folder.read { snapshot in
            let reader = Reader(source: snapshot)
            reader.decoded = decoded(at: snapshot.generation)
            let result = try body(reader)
            lastRead.withLock { $0 = Decoded(generation: snapshot.generation, records: reader.decoded) }
            return result
        }
    }

    /// Runs `body` holding the writers' lock (waiting up to the store's patience for it) and
    /// commits what it changed as one generation.
    public func write<Result: Sendable>(_ body: @Sendable (any HeroStoreWriting) throws -> Result)
        async throws -> Result
    {
        try commit(body)
    }

    /// What earlier reads of this process decoded at `generation`; none if something was
    /// committed since. A read adds to it, so a command's reads and its commit read each record
    /// once between them.
    private func decoded(at generation: Int) -> [String: (any Sendable)?] {
        lastRead.withLock { $0?.generation == generation ? $0?.records ?? [:] : [:] }
    }

    /// `write`, synchronously: the commit itself never suspends.
    func commit<Result>(_ body: (any HeroStoreWriting) throws -> Result) throws -> Result {
        try folder.commit(patience: writerPatience) { transaction in
            let writer = Writer(transaction: transaction)
            writer.decoded = decoded(at: transaction.base.generation)
            let result = try body(writer)
            try writer.finish()
            return result
        }
    }

    // MARK: Records

    /// How many files the heroes are spread over. One file a hero would cost a first sync of
    /// 10,000 heroes 10,000 inode allocations, which ext4 makes slow (about 0.2 ms each here);
    /// few large shards would make a page of 20 heroes read 20 large files. 1,024 keeps a shard
    /// at about ten heroes, some 6 KB, at 10,000.
    static let heroShards: UInt64 = 1024

    /// How many shards one read looks into for a single hero before it reads shards whole: more
    /// than the largest page (100 heroes) asks for.
    static let glimpseLimit = 128

    /// The shard a hero's record is kept in: `heroes-000`…`heroes-3ff`, by a 64-bit FNV-1a of its id.
    static func shardKey(_ id: String) -> String {
        let digits = String(fnv1a(id) % heroShards, radix: 16)
        return "heroes-" + String(repeating: "0", count: 3 - digits.count) + digits
    }

    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// A page's key: a 64-bit FNV-1a of its query, which any length of search text fits.
    static func pageKey(_ query: String) -> String { "page-" + String(fnv1a(query), radix: 16) }

    /// A stored page with the query it was stored under and the heroes' version it saw.
    struct PageRecord: Codable {
        var query: String
        var heroesVersion: Int
        var page: StoredPage

        enum CodingKeys: String, CodingKey {
            case query, page
            case heroesVersion = "heroes_version"
        }
    }

    /// Reads records from one committed state (or from a commit in the making).
    class Reader: HeroStoreReading {
        let source: any RecordSource
        private var index: RosterIndex?
        var chunks: [String: [RosterEntry]] = [:]
        /// The hero shards read (or changed) so far, by key: each is read once.
        var shards: [String: HeroShard] = [:]

        /// Whether a first look into a shard reads only the hero asked for (`hero(_:)`).
        private let looksIntoShards: Bool

        init(source: any RecordSource, looksIntoShards: Bool = true) {
            self.source = source
            self.looksIntoShards = looksIntoShards
        }

        /// Every record decoded so far, by key (`nil`: it has none).
        var decoded: [String: (any Sendable)?] = [:]

        func record<Value: Decodable & Sendable>(_ type: Value.Type, _ key: String) throws -> Value? {
            if let known = decoded[key] { return known as? Value }
            let loaded = try source.value(type, for: key)
            decoded[key] = .some(loaded)
            return loaded
        }

        /// Shards looked into once, for one hero, and not read whole.
        private var glimpsed: Set<String> = []

        /// The first look into a shard reads only the hero asked for (`HeroShardMember`); a
        /// second reads the shard whole and keeps it. A read past a page's worth of shards
        /// (`glimpseLimit`) reads them whole from then on, so a sync that reads every hero reads
        /// each shard once. A commit (`Writer`) reads shards whole.
        func hero(_ id: String) throws -> StoredHero? {
            let key = shardKey(id)
            if looksIntoShards, shards[key] == nil, glimpsed.count < JSONFileHeroStore.glimpseLimit,
                let idKey = HeroShardMember.idKey, glimpsed.insert(key).inserted
            {
                return try source.value(HeroShardMember.self, for: key, userInfo: [idKey: id])?.hero
            }
            return try shard(key).heroes[id]
        }

        func shard(_ key: String) throws -> HeroShard {
            if let known = shards[key] { return known }
            let loaded = try record(HeroShard.self, key) ?? HeroShard()
            shards[key] = loaded
            return loaded
        }

        func page(_ key: String) throws -> StoredPage? {
            guard let stored = try record(PageRecord.self, pageKey(key)), stored.query == key else {
                return nil
            }
            var page = stored.page
            if stored.heroesVersion != (try roster().heroesVersion) { page.entityTag = nil }
            return page
        }

        func teams() throws -> StoredTeams? { try record(StoredTeams.self, "teams") }

        func pending() throws -> PendingQueue { try record(PendingQueue.self, "pending") ?? PendingQueue() }

        func holdsRoster() throws -> Bool { try roster().holdsRoster }

        func heroCount() throws -> Int { try roster().count }

        func heroIDs(in range: Range<Int>) throws -> [String] {
            var ids: [String] = []
            var start = 0
            for chunk in try roster().chunks {
                defer { start += chunk.count }
                let lower = max(range.lowerBound, start)
                let upper = min(range.upperBound, start + chunk.count)
                guard lower < upper else { continue }
                let overlap = lower..<upper
                let entries = try self.entries(of: chunk.key)
                for position in overlap where position - start < entries.count {
                    ids.append(entries[position - start].id)
                }
            }
            return ids
        }

        func roster() throws -> RosterIndex {
            if let index { return index }
            let loaded = try record(RosterIndex.self, "roster") ?? RosterIndex()
            index = loaded
            return loaded
        }

        func setRoster(_ index: RosterIndex) { self.index = index }

        func entries(of key: String) throws -> [RosterEntry] {
            if let cached = chunks[key] { return cached }
            let loaded = try record([RosterEntry].self, key) ?? []
            chunks[key] = loaded
            return loaded
        }
    }
}
