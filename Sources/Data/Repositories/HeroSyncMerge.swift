import Domain

/// The sync pipeline's last steps: find each incoming hero among the stored ones by id in one
/// pass, decide whether it is new, changed or the same, and report the whole change set.
enum HeroSyncMerge {
    /// The store's heroes after taking the server's complete list `incoming`, and what changed.
    static func merge(stored: [String: HeroCache.StoredHero], incoming: [HeroDTO]) throws
        -> (heroes: [String: HeroCache.StoredHero], changes: HeroChangeSet)
    {
        var merged: [String: HeroCache.StoredHero] = [:]
        var inserted: [Hero.ID] = []
        var updated: [Hero.ID] = []
        var unchanged: [Hero.ID] = []
        for dto in incoming {
            let id = try Hero.ID(dto.id)
            switch stored[dto.id] {
            case nil: inserted.append(id)
            case let existing? where existing.hero == dto: unchanged.append(id)
            default: updated.append(id)
            }
            merged[dto.id] = HeroCache.StoredHero(
                hero: dto, entityTag: RemoteHeroDataSource.entityTag(id: dto.id, version: dto.version))
        }
        let deleted = try stored.keys.filter { merged[$0] == nil }.map { try Hero.ID($0) }
        let changes = HeroChangeSet(
            inserted: inserted.sorted(), updated: updated.sorted(), unchanged: unchanged.sorted(),
            deleted: deleted.sorted())
        return (merged, changes)
    }
}
