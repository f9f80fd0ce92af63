import Domain
import Testing

@Suite("HeroChangeSet and the sync's reports")
struct HeroChangeSetTests {
    @Test(
        "a sync that only kept heroes is empty; one that pushed, dropped, rejected or conflicted is not",
        arguments: [
            (HeroChangeSet(inserted: [], updated: [], unchanged: [], deleted: []), false),
            (
                HeroChangeSet(
                    inserted: [], updated: [], unchanged: [], deleted: [], pushed: [try Hero.ID("a")]), true
            ),
            (
                HeroChangeSet(
                    inserted: [], updated: [], unchanged: [], deleted: [], dropped: [try Hero.ID("a")]), true
            ),
            (
                HeroChangeSet(
                    inserted: [], updated: [], unchanged: [], deleted: [],
                    rejected: [RejectedRecord(id: nil, index: 0, reason: "id is missing")]), true
            ),
            (
                HeroChangeSet(
                    inserted: [], updated: [], unchanged: [], deleted: [],
                    conflicts: [
                        SyncConflict(
                            id: try Hero.ID("a"), field: .codeName, local: "A", incoming: "B",
                            outcome: .stillPending)
                    ]), true
            ),
        ])
    func emptiness(changes: HeroChangeSet, reportsSomething: Bool) {
        #expect(changes.isEmpty == !reportsSomething)
    }

    @Test("rejected records and conflicts read as one line each")
    func descriptions() throws {
        #expect(
            RejectedRecord(id: "x", index: 3, reason: "version 0 is below 1").description
                == "record 3 (id x): version 0 is below 1")
        #expect(
            RejectedRecord(id: nil, index: 0, reason: "id is missing").description
                == "record 0: id is missing")
        let conflict = SyncConflict(
            id: try Hero.ID("0007"), field: .codeName, local: "Owl", incoming: "Strix", outcome: .localKept)
        #expect(conflict.description == "0007 codeName: local 'Owl', server 'Strix' (kept local)")
    }

    @Test("fields sort by their spelling, not by the order they are declared in")
    func fieldOrder() {
        // Declared id, codeName, powers: only the hand-written `<` puts codeName first.
        #expect([Field.powers, .codeName, .id].sorted() == [.codeName, .id, .powers])
    }
}
