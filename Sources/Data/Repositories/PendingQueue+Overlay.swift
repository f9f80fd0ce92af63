import Domain
import Foundation

/// The pending changes as reads see them: applied, in order, on top of what was stored.
extension PendingQueue {
    /// Whether any pending change names `id`.
    func touches(_ id: String) -> Bool { changes.contains { $0.id == id } }

    /// `id`'s hero after every pending change (marked pending), from `base` (the hero as read, or
    /// as stored); `nil` once a pending delete removed it. `teams` name the teams a change points at.
    func shown(_ id: String, base: Hero?, teams: [Team]) -> Hero? {
        var current = base
        for change in changes where change.id == id {
            switch change.kind {
            case .create, .replace:
                guard let draft = change.draft else { continue }
                current = Self.localHero(
                    id: id, draft: draft, base: current, madeAt: change.madeAt, teams: teams)
            case .delete:
                current = nil
            }
        }
        return current
    }

    /// Heroes created offline and not pushed yet, oldest first.
    func creations(teams: [Team]) -> [Hero] {
        changes.filter { $0.kind == .create }.compactMap { shown($0.id, base: nil, teams: teams) }
    }

    /// The hero a local write describes: `draft`'s facts over `base`'s picture and version.
    static func localHero(id: String, draft: HeroDraft, base: Hero?, madeAt: Date, teams: [Team]) -> Hero? {
        guard let heroID = try? Hero.ID(id) else { return nil }
        return Hero(
            id: heroID, codeName: draft.codeName, sealedRealName: draft.sealedRealName, powers: draft.powers,
            picture: base?.picture, team: team(draft.teamID, base: base, teams: teams), updatedAt: madeAt,
            version: base?.version ?? 0, motto: base?.motto, isPending: true)
    }

    /// The team `id` names: the base's own, one of the stored teams, or one named by its id.
    private static func team(_ id: Team.ID?, base: Hero?, teams: [Team]) -> Team? {
        guard let id else { return nil }
        if let team = base?.team, team.id == id { return team }
        return teams.first { $0.id == id } ?? Team(id: id, name: id.rawValue)
    }

    /// Queues a write, numbered after every other; a create gets its `Idempotency-Key` now.
    mutating func enqueue(
        _ kind: PendingChange.Kind, id: String, draft: HeroDraft?, expectedVersion: Int?, base: Hero?,
        madeAt: Date
    ) {
        let sequence = (changes.map(\.sequence).max() ?? 0) + 1
        changes.append(
            PendingChange(
                sequence: sequence, kind: kind, id: id, draft: draft, expectedVersion: expectedVersion,
                base: base, madeAt: madeAt,
                idempotencyKey: kind == .create ? PendingChange.newIdempotencyKey() : nil))
    }

    /// A new local id for a hero created offline.
    mutating func nextLocalID() -> String {
        lastLocalNumber += 1
        return PendingChange.localID(lastLocalNumber)
    }

    /// Removes one pending change, once the server confirmed (or refused for good) it.
    mutating func remove(_ sequence: Int) {
        changes.removeAll { $0.sequence == sequence }
    }
}
