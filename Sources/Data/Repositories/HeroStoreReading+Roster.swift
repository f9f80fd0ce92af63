import Domain

/// Pages made offline from the synced roster, filtered and ordered as the server does.
extension HeroStoreReading {
    /// Pending changes applied; nil unless a sync stored the roster.
    func rosterPage(for query: HeroQuery, pending: PendingQueue, teams: [Team]) throws -> HeroPage? {
        guard try holdsRoster() else { return nil }
        let created = pending.creations(teams: teams).filter(query.keeps)
        // A page is the user's number, up to Int.max: one past any store (2^40 heroes at most)
        // starts there, so no sum below overflows.
        let (first, overflow) = (query.page - 1).multipliedReportingOverflow(by: query.perPage)
        let start = overflow ? StoredLimits.count : min(first, StoredLimits.count)
        let end = start + query.perPage
        let shown = { (id: String) throws -> Hero? in
            pending.shown(id, base: try hero(id)?.hero, teams: teams)
        }
        if query.text == nil, query.teamID == nil {
            let count = try heroCount()
            let fromCreated = created[min(created.count, start)..<min(created.count, end)]
            let ids = try heroIDs(in: max(0, start - created.count)..<max(0, end - created.count))
            return HeroPage(
                items: Array(fromCreated) + (try ids.compactMap(shown)), page: query.page,
                perPage: query.perPage,
                total: count + created.count)
        }
        let matching = try created + heroIDs(in: 0..<heroCount()).compactMap(shown).filter(query.keeps)
        return HeroPage(
            items: Array(matching[min(matching.count, start)..<min(matching.count, end)]), page: query.page,
            perPage: query.perPage, total: matching.count)
    }
}

extension HeroQuery {
    /// Team and text (in code name or a power, any case).
    func keeps(_ hero: Hero) -> Bool {
        if let team = teamID, hero.team?.id != team { return false }
        guard let search = text?.lowercased(), !search.isEmpty else { return true }
        return hero.codeName.lowercased().contains(search)
            || hero.powers.contains { $0.lowercased().contains(search) }
    }
}
