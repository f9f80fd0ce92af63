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
    fileprivate struct PageRecord: Codable {
        var query: String
        var heroesVersion: Int
        var page: StoredPage

        enum CodingKeys: String, CodingKey {
            case query, page
            case heroesVersion = "heroes_version"
        }
    }

    /// Reads records from one committed state (or from a commit in the making).
    fileprivate class Reader: HeroStoreReading {
        let source: any RecordSource
        private var index: RosterIndex?
        var chunks: [String: [RosterEntry]] = [:]
        /// The hero shards read (or changed) so far, by key: each is read once.
        var shards: [String: HeroShard] = [:]

        init(source: any RecordSource) { self.source = source }

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
        /// each shard once. (A shard this commit changed is in `shards` already.)
        func hero(_ id: String) throws -> StoredHero? {
            let key = shardKey(id)
            if shards[key] == nil, glimpsed.count < JSONFileHeroStore.glimpseLimit,
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

    /// Changes records in one commit; the order's index and chunks are written once, at the end.
    fileprivate final class Writer: Reader, HeroStoreWriting {
        let transaction: RecordFolder.Transaction
        private var dirtyChunks: Set<String> = []
        private var rosterChanged = false
        private var heroesBumped = false
        private var dirtyShards: Set<String> = []

        init(transaction: RecordFolder.Transaction) {
            self.transaction = transaction
            super.init(source: transaction)
        }

        func put<Value: Encodable & Sendable>(_ value: Value?, at key: String) throws {
            transaction.set(key, to: value)
            decoded[key] = .some(value)
        }

        func setHero(_ id: String, to hero: StoredHero?) throws {
            let old = try self.hero(id)
            guard old != hero else { return }
            let key = shardKey(id)
            var shard = try self.shard(key)
            shard.heroes[id] = hero
            shards[key] = shard
            dirtyShards.insert(key)
            guard old?.record != hero?.record else { return }  // only the tag changed
            var index = try roster()
            if !heroesBumped {
                index.heroesVersion += 1
                heroesBumped = true
            }
            setRoster(index)
            rosterChanged = true
            let before = old.map { RosterEntry(id: id, record: $0.record) }
            let after = hero.map { RosterEntry(id: id, record: $0.record) }
            guard before != after else { return }
            if let before { try remove(before) }
            if let after { try insert(after) }
        }

        func setPage(_ key: String, to page: StoredPage) throws {
            try put(
                PageRecord(query: key, heroesVersion: try roster().heroesVersion, page: page),
                at: pageKey(key))
        }

        func setTeams(_ teams: StoredTeams) throws { try put(teams, at: "teams") }

        func setPending(_ queue: PendingQueue) throws { try put(queue, at: "pending") }

        func setHoldsRoster(_ holds: Bool) throws {
            var index = try roster()
            guard index.holdsRoster != holds else { return }
            index.holdsRoster = holds
            setRoster(index)
            rosterChanged = true
        }

        private func insert(_ entry: RosterEntry) throws {
            var index = try roster()
            guard let position = index.chunkIndex(for: entry) else {
                let key = "roster-\(index.nextChunk)"
                index.nextChunk += 1
                index.chunks = [RosterIndex.Chunk(key: key, first: entry, count: 1)]
                chunks[key] = [entry]
                dirtyChunks.insert(key)
                setRoster(index)
                return
            }
            let key = index.chunks[position].key
            var entries = try self.entries(of: key)
            entries.insert(entry, at: entries.partitioningIndex { $0 >= entry })
            if entries.count > RosterIndex.chunkLimit {
                let upper = Array(entries[(entries.count / 2)...])
                entries.removeLast(upper.count)
                let newKey = "roster-\(index.nextChunk)"
                index.nextChunk += 1
                chunks[newKey] = upper
                dirtyChunks.insert(newKey)
                index.chunks.insert(
                    RosterIndex.Chunk(key: newKey, first: upper[0], count: upper.count), at: position + 1)
            }
            chunks[key] = entries
            dirtyChunks.insert(key)
            index.chunks[position].count = entries.count
            if let first = entries.first { index.chunks[position].first = first }
            setRoster(index)
        }

        private func remove(_ entry: RosterEntry) throws {
            var index = try roster()
            guard let position = index.chunkIndex(for: entry) else { return }
            let key = index.chunks[position].key
            var entries = try self.entries(of: key)
            guard let found = entries.firstIndex(of: entry) else { return }
            entries.remove(at: found)
            chunks[key] = entries
            dirtyChunks.insert(key)
            if let first = entries.first {
                index.chunks[position].first = first
                index.chunks[position].count = entries.count
            } else {
                index.chunks.remove(at: position)
            }
            setRoster(index)
        }

        /// Writes the hero shards, the order's index and the chunks that changed.
        func finish() throws {
            for key in dirtyShards.sorted() {
                let shard = shards[key] ?? HeroShard()
                try put(shard.heroes.isEmpty ? nil : shard, at: key)
            }
            guard rosterChanged else { return }
            let index = try roster()
            let live = Set(index.chunks.map(\.key))
            for key in dirtyChunks.sorted() {
                try put(live.contains(key) ? chunks[key] : nil, at: key)
            }
            try put(index, at: "roster")
        }
    }
}

extension Array {
    /// The first index whose element satisfies `predicate`, which must be false then true
    /// along the array (a binary search).
    fileprivate func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
