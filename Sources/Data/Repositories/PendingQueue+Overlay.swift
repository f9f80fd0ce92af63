import Domain
import Foundation

/// The pending changes as reads see them: applied in order on top of what was stored.
extension PendingQueue {
    func touches(_ id: String) -> Bool { changes.contains { $0.id == id } }

    /// `id`'s hero after every pending change (marked pending), from `base`; `nil` once a pending
    /// delete removed it.
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

    /// `draft`'s facts over `base`'s picture and version.
    static func localHero(id: String, draft: HeroDraft, base: Hero?, madeAt: Date, teams: [Team]) -> Hero? {
        guard let heroID = try? Hero.ID(id) else { return nil }
        return Hero(
            id: heroID, codeName: draft.codeName, sealedRealName: draft.sealedRealName, powers: draft.powers,
            picture: base?.picture, team: team(draft.teamID, base: base, teams: teams), updatedAt: madeAt,
            version: base?.version ?? 0, motto: base?.motto, isPending: true)
    }

    /// The base's own, a stored one, or one named by its id.
    private static func team(_ id: Team.ID?, base: Hero?, teams: [Team]) -> Team? {
        guard let id else { return nil }
        if let team = base?.team, team.id == id { return team }
        return teams.first { $0.id == id } ?? Team(id: id, name: id.rawValue)
    }

    /// Numbered after every other; a create gets its `Idempotency-Key` now.
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

    mutating func nextLocalID() -> String {
        lastLocalNumber += 1
        return PendingChange.localID(lastLocalNumber)
    }

    mutating func remove(_ sequence: Int) {
        changes.removeAll { $0.sequence == sequence }
    }
}
