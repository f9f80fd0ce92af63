import Domain
import Foundation
import TestSupport
import Testing

@testable import Data

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What only the one-file layout has: its previous commit, a file that no longer parses, a
/// crashed commit's temporary file, a folder of a layout it does not know. The port's contract,
/// which it shares with `SQLiteHeroStore`, is `HeroStoreContractTests`.
@Suite("JSONFileHeroStore's file")
struct JSONFileHeroStoreTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "hero-store-\(UUID().uuidString)")
    var file: URL { folder.appendingPathComponent(JSONFileHeroStore.fileName) }
    var previous: URL { folder.appendingPathComponent(JSONFileHeroStore.previousName) }

    static func hero(_ id: String, _ name: String, version: Int = 1) -> StoredHero {
        StoredHero(
            try! Hero.sample(id: id, codeName: name, version: version), entityTag: "\"\(id)-\(version)\"")
    }

    func store(_ problems: StoreProblems = StoreProblems()) throws -> JSONFileHeroStore {
        try JSONFileHeroStore.open(at: folder, report: problems.record)
    }

    @Test(
        "each commit keeps the one before as heroes.json.prev; a file that no longer parses falls back to it, once"
    )
    func fallsBackToPrevious() async throws {
        let store = try store()
        try await store.write { try $0.setHero("0001", to: Self.hero("0001", "Basalt")) }
        try await store.write { try $0.setHero("0002", to: Self.hero("0002", "Cinder")) }
        try Data("{\"schema\": 3, \"heroes\": {".utf8).write(to: file)  // torn by hand
        let problems = StoreProblems()
        let heroes = try await self.store(problems).read { try $0.heroIDs(in: 0..<10) }
        #expect(heroes == ["0001"], "the previous commit, losing only the last")
        #expect(problems.all.count == 1, "\(problems.all)")
        guard case .corrupt(let damaged, let movedTo, _)? = problems.all.first else {
            Issue.record("expected a corrupt report, got \(problems.all)")
            return
        }
        #expect(damaged == file)
        #expect(try String(contentsOf: movedTo, encoding: .utf8).hasPrefix("{\"schema\": 3"))
        let again = StoreProblems()
        #expect(try await self.store(again).read { try $0.heroIDs(in: 0..<10) } == ["0001"])
        #expect(again.all.isEmpty, "reported once: \(again.all)")
    }

    @Test("a hero or pending change that parses but does not decode is set aside alone; the rest is kept")
    func recordSetAside() async throws {
        let store = try store()
        try await store.write { writer in
            try writer.setHero("0001", to: Self.hero("0001", "Basalt"))
            try writer.setHero("0002", to: Self.hero("0002", "Cinder"))
            var queue = try writer.pending()
            queue.enqueue(.delete, id: "0001", draft: nil, expectedVersion: 1, base: nil, madeAt: Date())
            queue.enqueue(.delete, id: "0002", draft: nil, expectedVersion: 1, base: nil, madeAt: Date())
            try writer.setPending(queue)
        }
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        var heroes = try #require(object["heroes"] as? [String: Any])
        var cinder = try #require(heroes["0002"] as? [String: Any])
        cinder["version"] = -5
        heroes["0002"] = cinder
        object["heroes"] = heroes
        var pending = try #require(object["pending"] as? [String: Any])
        var changes = try #require(pending["changes"] as? [[String: Any]])
        changes[0]["sequence"] = Int.max
        pending["changes"] = changes
        object["pending"] = pending
        try JSONSerialization.data(withJSONObject: object).write(to: file)

        let problems = StoreProblems()
        let (ids, queue) = try await self.store(problems).read {
            (try $0.heroIDs(in: 0..<10), try $0.pending())
        }
        #expect(ids == ["0001"])
        #expect(queue.changes.map(\.id) == ["0002"])
        #expect(problems.all.count == 1, "\(problems.all)")
        let again = StoreProblems()
        _ = try await self.store(again).read { try $0.heroCount() }
        #expect(again.all.isEmpty, "set aside once: \(again.all)")
        let quarantined = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("quarantine").path)
        #expect(quarantined.count == 1, "the file as found is kept: \(quarantined)")
    }

    @Test("a FIFO or a link where the file should be is set aside at once, never waited on or followed")
    func fifoAndLink() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(mkfifo(file.path, 0o600) == 0)
        let problems = StoreProblems()
        let store = try store(problems)
        #expect(try await store.read { try $0.heroCount() } == 0)
        #expect(problems.all.count == 1)

        let victim = FileManager.default.temporaryDirectory.appendingPathComponent(
            "victim-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: victim) }
        try Data("mine".utf8).write(to: victim)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: victim)
        try FileManager.default.createSymbolicLink(at: previous, withDestinationURL: victim)
        try await store.write { try $0.setHero("0001", to: Self.hero("0001", "Basalt")) }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "mine")
        #expect(try await self.store().read { try $0.heroIDs(in: 0..<5) } == ["0001"])
    }

    @Test("a commit killed before its rename is invisible, and the next writer removes its file")
    func crashedCommit() async throws {
        let store = try store()
        try await store.write { try $0.setHero("0001", to: Self.hero("0001", "Basalt")) }
        let staged = folder.appendingPathComponent("heroes.json.tmp-42")
        try Data("{\"half\": ".utf8).write(to: staged)
        #expect(try await store.read { try $0.heroIDs(in: 0..<5) } == ["0001"])
        try await store.write { try $0.setHero("0002", to: Self.hero("0002", "Cinder")) }
        #expect(!FileManager.default.fileExists(atPath: staged.path))
    }

    @Test("a folder of a layout the store does not know is set aside with one warning")
    func unknownLayout() async throws {
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("records"), withIntermediateDirectories: true)
        try Data(#"{"generation": 9223372036854775807, "schema_version": 2}"#.utf8).write(
            to: folder.appendingPathComponent("manifest.json"))
        let problems = StoreProblems()
        let store = try store(problems)
        try await store.write { try $0.setHero("0001", to: Self.hero("0001", "Basalt")) }
        #expect(problems.all.count == 1, "\(problems.all)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["heroes.json", "quarantine"])
    }

    @Test("a folder others can write to, or another user's, is refused by name")
    func unsafeFolder() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(chmod(folder.path, 0o777) == 0)
        #expect {
            try JSONFileHeroStore.open(at: folder)
        } throws: { error in
            "\(error)".contains(folder.path) && "\(error)".contains("other users")
        }
        #expect(chmod(folder.path, 0o1777) == 0)
        _ = try JSONFileHeroStore.open(at: folder)  // sticky, as /tmp is: fine
    }

    @Test(
        "a read-only folder refuses the commit with a typed error naming the store, and the last commit stays",
        .enabled(if: getuid() != 0, "root writes through a read-only mode"))
    func readOnlyFolder() async throws {
        let store = try store()
        try await store.write { try $0.setHero("0001", to: Self.hero("0001", "Basalt")) }
        #expect(chmod(folder.path, 0o500) == 0)
        defer { chmod(folder.path, 0o700) }
        await #expect(throws: StorageError.self) {
            try await store.write { try $0.setHero("0002", to: Self.hero("0002", "Cinder")) }
        }
        #expect(try await store.read { try $0.heroIDs(in: 0..<5) } == ["0001"])
    }
}
