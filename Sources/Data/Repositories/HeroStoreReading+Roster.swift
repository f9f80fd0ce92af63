import Domain

/// Pages answered offline from the stored roster. A sync stores every hero, but only the pages a
/// `list` asked for are stored as pages; once the roster is held, any other page can be made
/// from it, filtered, ordered and cut as the contract says the server does. An unfiltered page
/// reads only its own heroes; a search reads every stored hero.
extension HeroStoreReading {
    /// The page `query` asks for, with pending changes applied and the heroes created offline
    /// first; nil unless a sync has stored the whole roster.
    func rosterPage(for query: HeroQuery, pending: PendingQueue, teams: [Team]) throws -> HeroPage? {
        guard try holdsRoster() else { return nil }
        let created = pending.creations(teams: teams).filter(query.keeps)
        let start = (query.page - 1) * query.perPage
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
    /// Whether `hero` is one this query's filters keep: its team, and the text in its code name or
    /// a power, without regard to case.
    func keeps(_ hero: Hero) -> Bool {
        if let team = teamID, hero.team?.id != team { return false }
        guard let search = text?.lowercased(), !search.isEmpty else { return true }
        return hero.codeName.lowercased().contains(search)
            || hero.powers.contains { $0.lowercased().contains(search) }
    }
}
