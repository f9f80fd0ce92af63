/// The writing side of `JSONFileHeroStore`: a commit's changes, and the bookkeeping of the hero
/// shards and the order's chunks they touch, written once, at the end.
extension JSONFileHeroStore {
    /// Changes records in one commit; the order's index and chunks are written once, at the end.
    final class Writer: Reader, HeroStoreWriting {
        let transaction: RecordFolder.Transaction
        private var dirtyChunks: Set<String> = []
        private var rosterChanged = false
        private var heroesBumped = false
        private var dirtyShards: Set<String> = []

        init(transaction: RecordFolder.Transaction) {
            self.transaction = transaction
            // A commit reads the shards it may change whole: looking into one for a single hero
            // and then reading it again to change it would read it twice.
            super.init(source: transaction, looksIntoShards: false)
        }

        func put<Value: Encodable & Sendable>(_ value: Value?, at key: String) throws {
            transaction.set(key, to: value)
            decoded[key] = .some(value)
        }

        func setHero(_ id: String, to hero: StoredHero?) throws {
            let key = shardKey(id)
            var shard = try self.shard(key)
            let old = shard.heroes[id]
            guard old != hero else { return }
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
