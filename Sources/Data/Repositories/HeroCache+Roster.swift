import Domain

/// Pages answered offline from the whole roster. A sync stores every hero, but only the pages a
/// `list` asked for are stored as pages; once the roster is held, any other page can be made
/// from it, filtered, ordered and cut as the contract says the server does.
extension HeroCache {
    /// The page `query` asks for, made from every stored hero (pending changes are applied on top
    /// by the caller, as on a stored page); nil unless a sync has stored the whole roster.
    func rosterPage(for query: HeroQuery) -> HeroPage? {
        guard holdsRoster else { return nil }
        let search = query.text?.lowercased()
        let matching = heroes.keys.compactMap(storedHero).filter { hero in
            if let team = query.teamID, hero.team?.id != team { return false }
            guard let search, !search.isEmpty else { return true }
            return hero.codeName.lowercased().contains(search)
                || hero.powers.contains { $0.lowercased().contains(search) }
        }
        .sorted(by: Self.contractOrder)
        let start = min(matching.count, (query.page - 1) * query.perPage)
        let end = min(matching.count, start + query.perPage)
        return HeroPage(
            items: Array(matching[start..<end]), page: query.page, perPage: query.perPage,
            total: matching.count)
    }

    /// The contract's order: code name compared case-insensitively, then id.
    static func contractOrder(_ lhs: Hero, _ rhs: Hero) -> Bool {
        let left = lhs.codeName.lowercased()
        let right = rhs.codeName.lowercased()
        return left != right ? left < right : lhs.id.rawValue < rhs.id.rawValue
    }
}
