import Foundation
import Locking
import Testing

@testable import Data

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What only the JSON-file layout has: shards, chunks, record files and their damage, commits
/// torn around the manifest, the one-file cache of earlier versions. The port's contract, which
/// it shares with `SQLiteHeroStore`, is `HeroStoreContractTests`.
@Suite("JSONFileHeroStore's layout")
struct JSONFileHeroStoreTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "hero-store-\(UUID().uuidString)")
    var records: URL { folder.appendingPathComponent("records") }

    final class Problems: Sendable {
        private let seen = Locked<[StorageError]>([])
        var all: [StorageError] { seen.withLock { $0 } }
        func record(_ problem: StorageError) { seen.withLock { $0.append(problem) } }
    }

    static func hero(_ id: String, _ name: String, version: Int = 1) -> StoredHero {
        StoredHero(
            record: .object(["id": .string(id), "code_name": .string(name), "version": .integer(version)]),
            entityTag: "\"\(id)-\(version)\"")
    }

    func store(_ problems: Problems = Problems()) throws -> JSONFileHeroStore {
        try JSONFileHeroStore.open(at: folder, report: problems.record)
    }

    func permissions(_ url: URL) throws -> Int {
        try (FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
    }

    /// The file of the record `key`.
    func file(_ key: String) -> URL { records.appendingPathComponent("\(key).json") }

    /// The file of the shard hero `id` is kept in.
    func shardFile(_ id: String) -> URL { file(JSONFileHeroStore.shardKey(id)) }

    /// The generation written into each record file, by file name.
    func generations() throws -> [String: Int] {
        var found: [String: Int] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: records.path) {
            let object = try JSONSerialization.jsonObject(
                with: Data(contentsOf: records.appendingPathComponent(name)))
            found[name] = (object as? [String: Any])?["generation"] as? Int
        }
        return found
    }

    @Test("700 heroes take several chunks of the order, each its own record")
    func rosterChunks() async throws {
        let store = try store()
        try await store.write { writer in
            for index in (0..<700).shuffled() {
                let id = String(format: "%04d", index)
                try writer.setHero(id, to: Self.hero(id, "Hero \((index * 7919) % 700)"))
            }
        }
        let chunks = try FileManager.default.contentsOfDirectory(atPath: records.path).filter {
            $0.hasPrefix("roster-")
        }
        #expect(chunks.count >= 4, "700 heroes take several chunks: \(chunks)")
        #expect(try await store.read { try $0.heroCount() } == 700)
    }

    /// Three ids that share one shard, and one that does not.
    static func shardMates() throws -> (mates: [String], other: String) {
        let ids = (1...5_000).map { String(format: "%04d", $0) }
        let byShard = Dictionary(grouping: ids, by: JSONFileHeroStore.shardKey)
        let mates = try #require(byShard.values.filter { $0.count >= 3 }.min { $0[0] < $1[0] })
        let other = try #require(
            ids.first { !mates.contains($0) && byShard[JSONFileHeroStore.shardKey($0)] != mates })
        return (Array(mates.prefix(3)), other)
    }

    @Test("heroes that share a shard read right, looked into for one or read whole, in a read and in a write")
    func shardLookedIntoThenReadWhole() async throws {
        let (mates, other) = try Self.shardMates()
        let store = try store()
        try await store.write { writer in
            for (index, id) in (mates.prefix(2) + [other]).enumerated() {
                try writer.setHero(id, to: Self.hero(id, "Hero \(index)"))
            }
        }
        // One hero of the shard (a look into it), then the others (the shard read whole).
        let read = try await store.read { reader in
            try [mates[0], mates[1], mates[2], other, mates[0]].map {
                try reader.hero($0)?.record[path: "code_name"]
            }
        }
        #expect(read == [.string("Hero 0"), .string("Hero 1"), nil, .string("Hero 2"), .string("Hero 0")])
        // In a write: a look, then a change to a shard-mate, then reads of what the write made.
        let written = try await store.write { writer in
            let first = try writer.hero(mates[1])?.record[path: "code_name"]
            try writer.setHero(mates[2], to: Self.hero(mates[2], "New"))
            return try [first]
                + [mates[0], mates[1], mates[2]].map { try writer.hero($0)?.record[path: "code_name"] }
        }
        #expect(written == [.string("Hero 1"), .string("Hero 0"), .string("Hero 1"), .string("New")])
        #expect(try await store.read { try $0.hero(mates[2]) } == Self.hero(mates[2], "New"))
    }

    @Test("a damaged record is moved aside with one warning and reads as absent; the rest is kept")
    func damagedRecord() async throws {
        let problems = Problems()
        let store = try store(problems)
        try await store.write { writer in
            try writer.setHero("0001", to: Self.hero("0001", "Basalt"))
            try writer.setHero("0002", to: Self.hero("0002", "Cinder"))
        }
        let file = self.shardFile("0001")
        try Data("{\"record\": tru".utf8).write(to: file)
        #expect(try await store.read { try $0.hero("0001") } == nil)
        #expect(try await store.read { try $0.hero("0001") } == nil)
        #expect(try await store.read { try $0.hero("0002") } == Self.hero("0002", "Cinder"))
        #expect(problems.all.count == 1)
        guard case .corrupt(let named, let aside, _)? = problems.all.first else {
            Issue.record("expected a corrupt report, got \(problems.all)")
            return
        }
        #expect(named == file)
        #expect(try String(contentsOf: aside, encoding: .utf8) == "{\"record\": tru")
    }

    @Test("a damaged manifest moves the store aside with one warning, and it starts again empty")
    func damagedManifest() async throws {
        try await store().write { try $0.setHero("0001", to: Self.hero("0001", "Basalt")) }
        try Data("garbage".utf8).write(to: folder.appendingPathComponent("manifest.json"))
        let problems = Problems()
        let store = try store(problems)
        #expect(problems.all.count == 1)
        #expect(try await store.read { try $0.heroCount() } == 0)
        guard case .corrupt(_, let aside, _)? = problems.all.first else {
            Issue.record("expected a corrupt report")
            return
        }
        #expect(
            FileManager.default.fileExists(
                atPath: aside.appendingPathComponent("records/\(JSONFileHeroStore.shardKey("0001")).json")
                    .path))
        try? FileManager.default.removeItem(at: aside)
    }

    @Test("a FIFO where a record or the manifest should be is refused at once, never waited on")
    func fifo() async throws {
        let problems = Problems()
        let store = try store(problems)
        try await store.write { try $0.setHero("0001", to: Self.hero("0001", "Basalt")) }
        let file = self.shardFile("0001")
        try FileManager.default.removeItem(at: file)
        #expect(mkfifo(file.path, 0o600) == 0)
        #expect(try await store.read { try $0.hero("0001") } == nil)
        #expect(problems.all.count == 1)

        let manifest = folder.appendingPathComponent("manifest.json")
        try FileManager.default.removeItem(at: manifest)
        #expect(mkfifo(manifest.path, 0o600) == 0)
        let reopened = try self.store(problems)
        #expect(problems.all.count == 2, "the FIFO manifest moved the store aside")
        #expect(try await reopened.read { try $0.heroCount() } == 0)
    }

    @Test("a commit that crashed before its manifest is invisible, and the next writer undoes it")
    func crashBeforeManifest() async throws {
        let store = try store()
        try await store.write { try $0.setHero("0001", to: Self.hero("0001", "Basalt")) }
        // What a writer killed between its records and its manifest leaves: generation 2's intent,
        // its staged version of the hero it replaces, and the hero it creates.
        let (replaced, created) = (JSONFileHeroStore.shardKey("0001"), JSONFileHeroStore.shardKey("0002"))
        let intent = #"{"created": ["\#(created)"], "generation": 2, "replaced": ["\#(replaced)"]}"#
        try Data(intent.utf8).write(to: folder.appendingPathComponent("txn/2.json"))
        for (name, id) in [("\(replaced).2.json", "0001"), ("\(created).json", "0002")] {
            let torn = try JSONEncoder().encode([id: Self.hero(id, "Torn", version: 9)])
            let envelope = Data(#"{"generation": 2, "value": "#.utf8) + torn + Data("}".utf8)
            try envelope.write(to: records.appendingPathComponent(name))
        }
        try await store.read { (reader: any HeroStoreReading) throws in
            #expect(try reader.hero("0001") == Self.hero("0001", "Basalt"))
            #expect(try reader.hero("0002") == nil)
        }
        try await store.write { try $0.setHero("0003", to: Self.hero("0003", "Cinder")) }
        try await store.read { (reader: any HeroStoreReading) throws in
            #expect(
                try reader.hero("0001") == Self.hero("0001", "Basalt"),
                "the torn version was undone, not committed")
            #expect(try reader.hero("0002") == nil)
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("txn").path)
                .isEmpty)
        #expect(
            !FileManager.default.fileExists(atPath: records.appendingPathComponent("\(replaced).2.json").path)
        )
        #expect(!FileManager.default.fileExists(atPath: shardFile("0002").path))
    }

    @Test(
        "a commit that crashed after its manifest, before renaming its versions, is read whole and finished")
    func crashAfterManifest() async throws {
        let store = try store()
        try await store.write { try $0.setHero("0001", to: Self.hero("0001", "Basalt")) }
        // Generation 2 committed (its manifest names the staged version), then the writer died.
        let shard = JSONFileHeroStore.shardKey("0001")
        let staged = try JSONEncoder().encode(["0001": Self.hero("0001", "Basalt Prime", version: 2)])
        try (Data(#"{"generation": 2, "value": "#.utf8) + staged + Data("}".utf8))
            .write(to: records.appendingPathComponent("\(shard).2.json"))
        try Data(#"{"created": [], "generation": 2, "replaced": ["\#(shard)"]}"#.utf8)
            .write(to: folder.appendingPathComponent("txn/2.json"))
        try Data(#"{"generation": 2, "installing": {"\#(shard)": 2}, "schema_version": 2}"#.utf8)
            .write(to: folder.appendingPathComponent("manifest.json"))
        #expect(try await store.read { try $0.hero("0001") } == Self.hero("0001", "Basalt Prime", version: 2))
        try await store.write { try $0.setHero("0002", to: Self.hero("0002", "Cinder")) }
        #expect(try generations()["\(shard).json"] == 2, "the next writer renamed it into place")
        #expect(try await store.read { try $0.hero("0001") } == Self.hero("0001", "Basalt Prime", version: 2))
    }

    @Test("a reader that meets a record replaced under it reads again, and sees one commit whole")
    func readerSurvivesReplacement() async throws {
        let store = try store()
        try await store.write { writer in
            try writer.setHero("0001", to: Self.hero("0001", "A", version: 1))
            try writer.setHero("0002", to: Self.hero("0002", "B", version: 1))
        }
        let folder = try RecordFolder(at: self.folder, report: { _ in })
        let attempts = Locked(0)
        let seen = try folder.read { snapshot -> [StoredHero?] in
            let first = try snapshot.value(
                HeroShard.self, for: JSONFileHeroStore.shardKey("0001"))?.heroes["0001"]
            if attempts.withLock({
                $0 += 1
                return $0
            }) == 1 {
                // Another process commits both heroes in between.
                try store.commit { writer in
                    try writer.setHero("0001", to: Self.hero("0001", "A", version: 2))
                    try writer.setHero("0002", to: Self.hero("0002", "B", version: 2))
                }
            }
            let second = try snapshot.value(
                HeroShard.self, for: JSONFileHeroStore.shardKey("0002"))
            return [first, second?.heroes["0002"]]
        }
        #expect(attempts.withLock { $0 } == 2)
        #expect(seen.map { $0?.record[path: "version"] } == [.integer(2), .integer(2)])
    }

    @Test("a commit where one hero of 500 changed writes its shard and the order's index, nothing more")
    func oneChangeWritesOneRecord() async throws {
        let store = try store()
        try await store.write { writer in
            for index in 0..<500 {
                try writer.setHero(
                    String(format: "%04d", index),
                    to: Self.hero(String(format: "%04d", index), "Hero \(index)"))
            }
        }
        try await store.write { writer in
            var changed = Self.hero("0100", "Hero 100", version: 2)
            changed.record = .object([
                "id": .string("0100"), "code_name": .string("Hero 100"), "version": .integer(2),
                "powers": .array([.string("Flight")]),
            ])
            try writer.setHero("0100", to: changed)
        }
        let written = try generations().filter { $0.value == 2 }.keys.sorted()
        #expect(
            written == ["\(JSONFileHeroStore.shardKey("0100")).json", "roster.json"],
            "its shard, and the index that counts the change; no chunk moved")
    }

    // MARK: The one-file layout of earlier versions

    var legacyFile: URL {
        folder.deletingLastPathComponent().appendingPathComponent("\(folder.lastPathComponent)-heroes.json")
    }

    @Test(
        "a heroes.json of the one-file layout moves in on first open with nothing lost, pending edits included"
    )
    func migration() async throws {
        // As the one-file store wrote it: an envelope, records as received, pending changes with
        // camel-case keys and dates as seconds since 2001.
        let legacy = #"""
            {"schema_version": 1, "value": {
              "heroes": {
                "0001": {"entity_tag": "\"0001-2\"", "hero": {"id": "0001", "code_name": "Zephyr", "version": 2}},
                "0002": {"entity_tag": "\"0002-1\"", "hero": {"id": "0002", "code_name": "Basalt", "version": 1}}
              },
              "pages": {"page=1&per_page=20&q=&team=": {"ids": ["0002", "0001"], "page": 1, "per_page": 20, "total": 2, "entity_tag": "\"p1\""}},
              "teams": {"items": [{"id": "dawn-guard", "name": "Dawn Guard"}], "entity_tag": "\"t\""},
              "holds_roster": true,
              "pending": [
                {"sequence": 1, "kind": "create", "id": "local-0123456789abcdef0123456789abcdef",
                 "input": {"code_name": "Night Owl", "powers": ["Gliding"], "encrypted_real_name": null, "team_id": null},
                 "madeAt": 786000000},
                {"sequence": 2, "kind": "replace", "id": "0001", "expectedVersion": 2,
                 "input": {"code_name": "Zephyr Prime", "powers": [], "encrypted_real_name": null, "team_id": null},
                 "base": {"id": "0001", "code_name": "Zephyr", "version": 2}, "madeAt": 786000100}
              ]
            }}
            """#
        try FileManager.default.createDirectory(
            at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(legacy.utf8).write(to: legacyFile)
        defer { try? FileManager.default.removeItem(at: legacyFile.appendingPathExtension("migrated")) }
        let store = try JSONFileHeroStore.open(at: folder, migrating: legacyFile)
        try await store.read { (reader: any HeroStoreReading) throws in
            #expect(try reader.hero("0001")?.entityTag == "\"0001-2\"")
            #expect(try reader.heroIDs(in: 0..<5) == ["0002", "0001"])
            #expect(try reader.holdsRoster())
            #expect(try reader.page("page=1&per_page=20&q=&team=")?.entityTag == "\"p1\"")
            #expect(try reader.teams()?.entityTag == "\"t\"")
            let pending = try reader.pending().changes
            #expect(pending.map(\.sequence) == [1, 2])
            #expect(pending.map(\.kind) == [.create, .replace])
            #expect(pending[0].input?.codeName == "Night Owl")
            #expect(pending[0].idempotencyKey != nil, "a create queued before keys existed gets one")
            #expect(
                pending[1].expectedVersion == 2 && pending[1].base?[path: "code_name"] == .string("Zephyr"))
        }
        #expect(!FileManager.default.fileExists(atPath: legacyFile.path))
        #expect(FileManager.default.fileExists(atPath: legacyFile.appendingPathExtension("migrated").path))
        // A second open does not migrate again.
        _ = try JSONFileHeroStore.open(at: folder, migrating: legacyFile)
        #expect(try await store.read { try $0.pending().changes.count } == 2)
    }

    @Test("a damaged heroes.json is moved aside with one warning, and the store starts empty")
    func damagedLegacy() async throws {
        try FileManager.default.createDirectory(
            at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: legacyFile)
        defer { try? FileManager.default.removeItem(at: legacyFile.appendingPathExtension("corrupt")) }
        let problems = Problems()
        let store = try JSONFileHeroStore.open(at: folder, migrating: legacyFile, report: problems.record)
        #expect(problems.all.count == 1)
        #expect(
            try String(contentsOf: legacyFile.appendingPathExtension("corrupt"), encoding: .utf8)
                == "{not json")
        #expect(try await store.read { try $0.heroCount() } == 0)
    }

    @Test("a heroes.json of a newer schema is refused by name and left where it is")
    func newerLegacy() throws {
        try FileManager.default.createDirectory(
            at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"schema_version": 2, "value": {"heroes": {}, "pages": {}}}"#.utf8).write(to: legacyFile)
        defer { try? FileManager.default.removeItem(at: legacyFile) }
        #expect(throws: StorageError.unsupportedSchema(legacyFile, version: 2)) {
            try JSONFileHeroStore.open(at: folder, migrating: legacyFile)
        }
        #expect(FileManager.default.fileExists(atPath: legacyFile.path))
    }
}

extension JSONFileHeroStoreTests {
    @Test(
        "a read-only folder refuses the commit with a typed error naming the store, and the last commit stays",
        .enabled(if: geteuid() != 0, "root writes to read-only folders"))
    func readOnlyFolder() async throws {
        let store = try JSONFileHeroStore.open(at: folder)
        let hero = StoredHero(record: .object(["id": .string("0001")]), entityTag: nil)
        try await store.write { try $0.setHero("0001", to: hero) }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: records.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: records.path)
        }
        await #expect {
            try await store.write { try $0.setHero("0002", to: hero) }
        } throws: { error in
            guard case StorageError.io(let url, _) = error else { return false }
            return url == folder
        }
        #expect(try await store.read { try $0.hero("0001") } == hero)
    }

    @Test("a commit past the file-size limit says it could not commit, and leaves no staged file behind")
    func diskFullMessage() async throws {
        let store = try JSONFileHeroStore.open(at: folder)
        try await store.write { try $0.setHero("0001", to: Self.hero("0001", "Small")) }
        let writer = try ChildProcess(["fill", folder.path, "8192"])
        let status = await writer.status()
        _ = await writer.waitForLine { _ in false }
        #expect(status == 0, "\(writer.lines) \(writer.standardError())")
        #expect(writer.lines.joined().contains("cannot commit"), "\(writer.lines)")
        let leftovers = try JSONFileLeftovers.find(in: folder)
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}
