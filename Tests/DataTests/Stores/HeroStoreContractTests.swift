import Domain
import Foundation
import TestSupport
import Testing

@testable import Data

/// The `HeroStore` port's contract, one suite for both adapters: what the repository relies on,
/// and so what a third store must do too. What only one layout has is in its own suite.
@Suite("HeroStore's contract, on each store")
struct HeroStoreContractTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "store-contract-\(UUID().uuidString)")

    static func hero(_ id: String, _ name: String, version: Int = 1) -> StoredHero {
        StoredHero(
            try! Hero.sample(id: id, codeName: name, version: version), entityTag: "\"\(id)-\(version)\"")
    }

    /// Every file and folder under `folder` that is not 0600 (files) or 0700 (folders).
    func wrongPermissions() throws -> [String] {
        var wrong: [String] = []
        let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path) + [""]
        for path in paths {
            let attributes = try FileManager.default.attributesOfItem(
                atPath: folder.appendingPathComponent(path).path)
            let mode = (attributes[.posixPermissions] as? Int) ?? -1
            let expected = attributes[.type] as? FileAttributeType == .typeDirectory ? 0o700 : 0o600
            if mode != expected { wrong.append("\(path): \(String(mode, radix: 8))") }
        }
        return wrong
    }

    @Test(
        "every kind of record reads back from a new opener; files are 0600 and folders 0700",
        arguments: StoreKind.allCases)
    func roundTrip(kind: StoreKind) async throws {
        let store = try kind.open(at: folder)
        var queued = PendingQueue()
        queued.enqueue(
            .delete, id: "0002", draft: nil, expectedVersion: 3, base: nil,
            madeAt: Date(timeIntervalSince1970: 5))
        let queue = queued
        let page = StoredPage(ids: ["0001"], page: 1, perPage: 20, total: 1, entityTag: "\"p\"")
        let teams = StoredTeams([Team(id: Team.ID("dawn-guard"), name: "Dawn Guard")], entityTag: "\"t\"")
        let odd = StoredHero(
            try Hero.sample(
                id: "0009", codeName: "Ünïcode \u{0} \"quoted\"", sealedRealName: nil,
                powers: ["x", "", "🦉"],
                picture: nil, team: nil, updatedAt: Date(timeIntervalSince1970: 1_796_040_000.125),
                version: 2, motto: "Ünïcode \u{1B} motto"
            ),
            entityTag: nil)
        try await store.write { writer in
            try writer.setHero("0001", to: Self.hero("0001", "Basalt"))
            try writer.setHero("0009", to: odd)
            try writer.setPage("page=1", to: page)
            try writer.setTeams(teams)
            try writer.setPending(queue)
            try writer.setHoldsRoster(true)
            // A write reads its own changes.
            #expect(try writer.hero("0009") == odd)
            #expect(try writer.heroCount() == 2)
        }
        let again = try kind.open(at: folder)
        try await again.read { (reader: any HeroStoreReading) throws in
            #expect(try reader.hero("0001") == Self.hero("0001", "Basalt"))
            #expect(try reader.hero("0009") == odd)
            #expect(try reader.hero("0002") == nil)
            #expect(try reader.page("page=1") == page)
            #expect(try reader.page("page=2") == nil)
            #expect(try reader.teams() == teams)
            #expect(try reader.pending() == queue)
            #expect(try reader.holdsRoster())
            #expect(try reader.heroCount() == 2)
            #expect(try reader.heroIDs(in: 0..<10) == ["0001", "0009"])
        }
        let wrong = try wrongPermissions()
        #expect(wrong.isEmpty, "\(wrong)")
    }

    @Test("an empty store reads as empty", arguments: StoreKind.allCases)
    func empty(kind: StoreKind) async throws {
        try await kind.open(at: folder).read { (reader: any HeroStoreReading) throws in
            #expect(try reader.heroCount() == 0)
            #expect(try reader.heroIDs(in: 0..<20).isEmpty)
            #expect(try reader.hero("0001") == nil)
            #expect(try reader.teams() == nil)
            #expect(try reader.pending() == PendingQueue())
            #expect(try !reader.holdsRoster())
        }
    }

    @Test(
        "pending changes read back in the order made, through replacements of the queue",
        arguments: StoreKind.allCases)
    func pendingOrder(kind: StoreKind) async throws {
        let store = try kind.open(at: folder)
        for index in 1...12 {
            try await store.write { writer in
                var queue = try writer.pending()
                queue.enqueue(
                    index.isMultiple(of: 3) ? .delete : .replace, id: String(format: "%04d", 13 - index),
                    draft: nil, expectedVersion: index, base: nil,
                    madeAt: Date(timeIntervalSince1970: Double(index)))
                queue.lastLocalNumber = index * 10
                try writer.setPending(queue)
            }
        }
        let before = try await store.read { try $0.pending() }
        #expect(before.changes.map(\.expectedVersion) == Array(1...12))
        #expect(before.changes.map(\.id) == (1...12).map { String(format: "%04d", 13 - $0) })
        #expect(before.lastLocalNumber == 120)
        // The oldest confirmed, one from the middle dropped: the rest keep their order.
        try await store.write { writer in
            var queue = try writer.pending()
            queue.changes.removeFirst()
            queue.changes.remove(at: 4)
            try writer.setPending(queue)
        }
        let after = try await kind.open(at: folder).read { try $0.pending() }
        #expect(after.changes.map(\.expectedVersion) == [2, 3, 4, 5, 7, 8, 9, 10, 11, 12])
        #expect(after.changes.map(\.sequence) == before.changes.map(\.sequence).filter { $0 != 1 && $0 != 6 })
        #expect(after.lastLocalNumber == 120)
    }

    @Test(
        "the heroes keep the contract's order through renames and removals, and any range reads",
        arguments: StoreKind.allCases)
    func rosterOrder(kind: StoreKind) async throws {
        let store = try kind.open(at: folder)
        var names = (0..<700).map { (String(format: "%04d", $0), "Hero \(($0 * 7919) % 700)") }
        names[10].1 = "hero 1"  // the same name as another without regard to case: then by id
        names[11].1 = "Éclair"  // not ASCII
        let shuffled = names.shuffled()
        try await store.write { writer in
            for (id, name) in shuffled { try writer.setHero(id, to: Self.hero(id, name)) }
        }
        try await store.write { writer in
            try writer.setHero("0003", to: Self.hero("0003", "aardvark", version: 2))  // moves to the front
            try writer.setHero("0004", to: nil)
            try writer.setHero("0005", to: nil)
            try writer.setHero("0999", to: nil)  // never stored
        }
        names[3].1 = "aardvark"
        names.removeSubrange(4...5)
        let expected = names.sorted { ($0.1.lowercased(), $0.0) < ($1.1.lowercased(), $1.0) }.map(\.0)
        try await store.read { (reader: any HeroStoreReading) throws in
            #expect(try reader.heroCount() == 698)
            #expect(try reader.heroIDs(in: 0..<698) == expected)
            #expect(try reader.heroIDs(in: 250..<260) == Array(expected[250..<260]))
            #expect(try reader.heroIDs(in: 690..<720) == Array(expected[690...]))
            #expect(try reader.heroIDs(in: 800..<820).isEmpty)
        }
    }

    @Test(
        "a stored page loses its entity tag once a hero changes, but not when only a hero's tag does",
        arguments: StoreKind.allCases)
    func pageTags(kind: StoreKind) async throws {
        let store = try kind.open(at: folder)
        let page = StoredPage(ids: ["0001"], page: 1, perPage: 20, total: 1, entityTag: "\"p\"")
        try await store.write { writer in
            try writer.setHero("0001", to: Self.hero("0001", "Basalt"))
            try writer.setPage("page=1", to: page)
        }
        try await store.write { writer in
            var retagged = Self.hero("0001", "Basalt")
            retagged.entityTag = "W/\"other\""
            try writer.setHero("0001", to: retagged)
        }
        #expect(try await store.read { try $0.page("page=1")?.entityTag } == "\"p\"")
        try await store.write { try $0.setHero("0001", to: Self.hero("0001", "Basalt", version: 2)) }
        let stale = try await store.read { try $0.page("page=1") }
        #expect(stale?.ids == ["0001"] && stale?.entityTag == nil)
        // A page stored again after the change keeps its new tag.
        try await store.write { try $0.setPage("page=1", to: page) }
        #expect(try await kind.open(at: folder).read { try $0.page("page=1")?.entityTag } == "\"p\"")
    }

    @Test("a write that throws commits nothing", arguments: StoreKind.allCases)
    func thrownWrite(kind: StoreKind) async throws {
        struct Refused: Error {}
        let store = try kind.open(at: folder)
        try await store.write { try $0.setHero("0001", to: Self.hero("0001", "Basalt")) }
        await #expect(throws: Refused.self) {
            try await store.write { writer in
                try writer.setHero("0001", to: nil)
                try writer.setHero("0002", to: Self.hero("0002", "Cinder"))
                try writer.setHoldsRoster(true)
                throw Refused()
            }
        }
        try await kind.open(at: folder).read { (reader: any HeroStoreReading) throws in
            #expect(try reader.heroIDs(in: 0..<5) == ["0001"])
            #expect(try reader.heroCount() == 1)
            #expect(try !reader.holdsRoster())
        }
    }

    @Test(
        "a store of a newer schema is refused by name for reads and writes, and left untouched",
        arguments: StoreKind.allCases)
    func newerSchema(kind: StoreKind) async throws {
        let store = try kind.open(at: folder)
        try await store.write { try $0.setHero("0001", to: Self.hero("0001", "Basalt")) }
        let newer = kind.schemaVersion + 1
        let file = try kind.makeSchema(newer, in: folder)
        let bytes = try Data(contentsOf: file)
        let refusal = StorageError.unsupportedSchema(file, version: newer)
        #expect(throws: refusal) { try kind.open(at: folder) }
        await #expect(throws: refusal) { try await store.read { try $0.hero("0001") } }
        await #expect(throws: refusal) {
            try await store.write { try $0.setHero("0002", to: Self.hero("0002", "X")) }
        }
        #expect(try Data(contentsOf: file) == bytes)
        #expect(refusal.description.contains(file.path) && !refusal.description.contains("\n"))
        // Back at this version, nothing was lost and nothing was added.
        _ = try kind.makeSchema(kind.schemaVersion, in: folder)
        try await kind.open(at: folder).read { (reader: any HeroStoreReading) throws in
            #expect(try reader.hero("0001") == Self.hero("0001", "Basalt"))
            #expect(try reader.hero("0002") == nil)
        }
    }

    /// Drafts' ids and caches' folders changed with this layout: a store of the earlier one is
    /// set aside like any layout the store does not know, naming the edits it never sent.
    @Test(
        "a store of an older schema is set aside with one warning naming its pending edits",
        arguments: StoreKind.allCases)
    func olderSchema(kind: StoreKind) async throws {
        let store = try kind.open(at: folder)
        try await store.write { writer in
            var queue = try writer.pending()
            queue.enqueue(
                .replace, id: "0007", draft: try HeroDraft(codeName: "Owl"), expectedVersion: 1, base: nil,
                madeAt: Date())
            try writer.setPending(queue)
        }
        _ = try kind.makeSchema(kind.schemaVersion - 1, in: folder)
        let problems = StoreProblems()
        let reopened = try kind.open(at: folder, report: problems.record)
        #expect(try await reopened.read { try $0.pending().changes.isEmpty })
        #expect(problems.all.count == 1, "\(problems.all)")
        #expect(
            problems.all.contains { "\($0)".contains("1 pending edits (0007) that were never sent") },
            "\(problems.all)")
    }

    @Test(
        "many reads and writes at once in one process: each write is whole, none is lost",
        arguments: StoreKind.allCases)
    func concurrentInProcess(kind: StoreKind) async throws {
        let store = try kind.open(at: folder)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    try await store.write { writer in
                        var queue = try writer.pending()
                        queue.lastLocalNumber += 1
                        try writer.setPending(queue)
                        let id = String(format: "%04d", index)
                        try writer.setHero(id, to: Self.hero(id, "Hero \(index)"))
                    }
                }
                group.addTask {
                    // Each commit adds a hero and counts it: a read sees both or neither.
                    let (heroes, counted) = try await store.read { reader in
                        (try reader.heroCount(), try reader.pending().lastLocalNumber)
                    }
                    #expect(heroes == counted)
                }
            }
            try await group.waitForAll()
        }
        #expect(try await store.read { try $0.pending().lastLocalNumber } == 20)
        #expect(try await store.read { try $0.heroCount() } == 20)
    }
}
