import Domain
import Foundation

/// The pending changes as reads see them: applied, in order, on top of what was stored.
extension HeroCache {
    /// What pending changes make of one hero.
    enum Overlay {
        /// No pending change names it.
        case none
        /// A pending delete removed it.
        case deleted
        /// Pending writes made it this hero (marked pending).
        case hero(Hero)
    }

    /// The stored hero, mapped from its record.
    func storedHero(_ id: String) -> Hero? {
        heroes[id].flatMap { try? HeroMapping.mapping.entity(from: $0.hero) }
    }

    /// `id`'s hero after every pending change, from `base` (the hero as read, or as stored).
    func overlay(_ id: String, on base: Hero?) -> Overlay {
        var current = base
        var touched = false
        for change in pending where change.id == id {
            touched = true
            switch change.kind {
            case .create, .replace:
                guard let input = change.input else { continue }
                current = localHero(id: id, input: input, base: current, madeAt: change.madeAt)
            case .delete:
                current = nil
            }
        }
        guard touched else { return .none }
        return current.map(Overlay.hero) ?? .deleted
    }

    /// The hero as shown with pending changes: `base` when none applies, `nil` when deleted.
    func shown(_ id: String, base: Hero?) -> Hero? {
        switch overlay(id, on: base) {
        case .none: base
        case .deleted: nil
        case .hero(let hero): hero
        }
    }

    /// Heroes created offline and not pushed yet, oldest first.
    var pendingCreations: [Hero] {
        pending.filter { $0.kind == .create }.compactMap { change in
            if case .hero(let hero) = overlay(change.id, on: nil) { hero } else { nil }
        }
    }

    /// The hero a local write describes: `input`'s facts over `base`'s picture and version.
    func localHero(id: String, input: HeroInputDTO, base: Hero?, madeAt: Date) -> Hero? {
        guard let heroID = try? Hero.ID(id) else { return nil }
        return Hero(
            id: heroID, codeName: input.codeName,
            sealedRealName: input.encryptedRealName.map(SealedSecret.init),
            powers: input.powers, picture: base?.picture, team: team(input.teamID, base: base),
            updatedAt: madeAt, version: base?.version ?? 0, isPending: true)
    }

    /// The team `id` names: the base's own, one of the stored teams, or one named by its id.
    private func team(_ id: String?, base: Hero?) -> Team? {
        guard let id else { return nil }
        if let team = base?.team, team.id.rawValue == id { return team }
        let stored = teams?.items.lazy.compactMap { try? TeamMapping.mapping.entity(from: $0) }
        return stored?.first { $0.id.rawValue == id } ?? Team(id: Team.ID(id), name: id)
    }

    /// Queues a write, numbered after every other.
    mutating func enqueue(
        _ kind: PendingChange.Kind, id: String, input: HeroInputDTO?, expectedVersion: Int?, madeAt: Date
    ) {
        let sequence = (pending.map(\.sequence).max() ?? 0) + 1
        pending.append(
            PendingChange(
                sequence: sequence, kind: kind, id: id, input: input, expectedVersion: expectedVersion,
                base: heroes[id]?.hero, madeAt: madeAt))
    }

    /// Removes one pending change, once the server confirmed (or refused for good) it.
    mutating func removePending(_ sequence: Int) {
        pending.removeAll { $0.sequence == sequence }
    }
}
