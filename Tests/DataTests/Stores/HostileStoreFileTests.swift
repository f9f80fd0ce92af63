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

/// A cache file another program wrote: extreme values in every field either store reads, links
/// planted where the store writes, a folder others can write to. None crashes the process, writes
/// through a link, or loses what can still be read.
@Suite("Each store against hostile files")
struct HostileStoreFileTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "hostile-store-\(UUID().uuidString)")

    /// One tampering of a store's file: its name, and what it does to the folder.
    struct Tampering: Sendable {
        let name: String
        /// Whether hero 0001 and the pending change of 0001 must still read after it.
        let keepsTheRest: Bool
        /// Whether a store must warn about it (a counter out of range is only counted again).
        var reports = true
        let apply: @Sendable (URL) throws -> Void
    }

    /// A store of two heroes, a page, the teams and two pending changes.
    func fill(_ kind: StoreKind, at folder: URL) async throws {
        let store = try kind.open(at: folder)
        try await store.write { writer in
            for (id, name) in [("0001", "Basalt"), ("0002", "Cinder")] {
                try writer.setHero(
                    id, to: StoredHero(try Hero.sample(id: id, codeName: name), entityTag: nil))
            }
            try writer.setPage(
                "page=1",
                to: StoredPage(ids: ["0001", "0002"], page: 1, perPage: 20, total: 2, entityTag: "\"p\""))
            try writer.setTeams(StoredTeams([Team.sample()], entityTag: "\"t\""))
            var queue = try writer.pending()
            for id in ["0001", "0002"] {
                let draft = try HeroDraft(codeName: "Edited \(id)")
                queue.enqueue(.replace, id: id, draft: draft, expectedVersion: 3, base: nil, madeAt: Date())
            }
            _ = queue.nextLocalID()
            try writer.setPending(queue)
            try writer.setHoldsRoster(true)
            try writer.setRosterTag("\"r\"")
        }
    }

    /// Everything a command can ask of the store, then a write like an offline create.
    func useEverything(_ store: any HeroStore) async throws -> (heroes: [String], pending: [String]) {
        let heroes = try await store.read { reader in
            let ids = try reader.heroIDs(in: 0..<min(reader.heroCount(), 10_000))
            _ = try reader.page("page=1")
            _ = try reader.teams()
            _ = try reader.holdsRoster()
            _ = try reader.rosterTag()
            return try ids.compactMap { try reader.hero($0)?.hero.id.rawValue }
        }
        try await store.write { writer in
            var queue = try writer.pending()
            let id = queue.nextLocalID()
            queue.enqueue(
                .create, id: id, draft: try HeroDraft(codeName: "New"), expectedVersion: nil, base: nil,
                madeAt: Date())
            try writer.setPending(queue)
            try writer.setHero(
                "0003", to: StoredHero(try Hero.sample(id: "0003", codeName: "Dusk"), entityTag: nil))
        }
        let pending = try await store.read { try $0.pending().changes.map(\.id) }
        return (heroes, pending)
    }

    static func jsonTampering() -> [Tampering] {
        /// Sets `value` at the key path `keys` of heroes.json.
        func set(_ keys: [String], _ value: some Sendable, keepsTheRest: Bool = true, reports: Bool = true)
            -> Tampering
        {
            Tampering(
                name: "\(keys.joined(separator: ".")) = \(value)", keepsTheRest: keepsTheRest,
                reports: reports
            ) {
                folder in
                let file = folder.appendingPathComponent(JSONFileHeroStore.fileName)
                let root = try JSONSerialization.jsonObject(with: Data(contentsOf: file))
                @Sendable func replaced(_ node: Any, _ keys: ArraySlice<String>) -> Any {
                    guard let key = keys.first else { return value }
                    if var array = node as? [Any], let index = Int(key) {
                        array[index] = replaced(array[index], keys.dropFirst())
                        return array
                    }
                    var object = node as? [String: Any] ?? [:]
                    object[key] = replaced(object[key] as Any, keys.dropFirst())
                    return object
                }
                try JSONSerialization.data(withJSONObject: replaced(root, keys[...])).write(to: file)
            }
        }
        // Every integer the file holds, at both ends of Int.
        let integers = [
            ["heroes", "0002", "version"], ["pages", "page=1", "total"], ["pages", "page=1", "page"],
            ["pages", "page=1", "perPage"], ["pending", "changes", "1", "sequence"],
            ["pending", "changes", "1", "expectedVersion"],
        ]
        return integers.flatMap { keys in [Int.max, Int.min].map { set(keys, $0) } } + [
            set(["schema"], Int.min, keepsTheRest: false), set(["schema"], -1, keepsTheRest: false),
            set(["heroes", "0002", "updatedAt"], 1e308), set(["heroes", "0002", "id"], "../../etc"),
            set(["heroes", "0002", "codeName"], 7),
            set(["pending", "lastLocalNumber"], Int.max, reports: false),
            set(["pending", "lastLocalNumber"], Int.min, reports: false),
            set(["pending", "changes", "1", "draft", "codeName"], String(repeating: "x", count: 500)),
            set(["teams"], "not teams"), set(["holdsRoster"], "yes", keepsTheRest: false),
        ]
    }

    static func sqliteTampering() -> [Tampering] {
        func sql(_ statement: String, keepsTheRest: Bool = true) -> Tampering {
            Tampering(name: statement, keepsTheRest: keepsTheRest) { folder in
                let connection = try SQLiteConnection(
                    path: folder.appendingPathComponent(SQLiteHeroStore.fileName).path,
                    busyTimeout: .seconds(5))
                try connection.execute(statement)
            }
        }
        func set(_ path: String, _ value: String, keepsTheRest: Bool = true, reports: Bool = true)
            -> Tampering
        {
            var tampering = sql(
                "UPDATE state SET content = json_set(content, '\(path)', json('\(value)'))",
                keepsTheRest: keepsTheRest)
            tampering.reports = reports
            return tampering
        }
        let max = Int.max
        return [
            sql("PRAGMA user_version = -1", keepsTheRest: false),
            sql("PRAGMA user_version = -2147483648", keepsTheRest: false),
            sql("PRAGMA user_version = 2", keepsTheRest: false),
            sql("UPDATE state SET content = 'not json'", keepsTheRest: false),
            sql("UPDATE heroes SET hero = 'not json' WHERE id = '0002'"),
            sql("UPDATE heroes SET hero = '{\"id\": \"0002\", \"version\": \(max)}' WHERE id = '0002'"),
            sql("UPDATE heroes SET hero = json_set(hero, '$.version', \(Int.min)) WHERE id = '0002'"),
            sql("UPDATE heroes SET id = '0009' WHERE id = '0002'"),
            set("$.pages.\"page=1\".page", "-1"),
            set("$.pending.lastLocalNumber", "\(max)", reports: false),
            set("$.pending.lastLocalNumber", "-9", reports: false),
            set("$.teams", "\"not teams\""), set("$.holdsRoster", "\"yes\"", keepsTheRest: false),
        ]
            + [
                "$.pages.\"page=1\".total", "$.pages.\"page=1\".page", "$.pages.\"page=1\".perPage",
                "$.pending.changes[1].sequence", "$.pending.changes[1].expectedVersion",
            ].flatMap { path in [Int.max, Int.min].map { set(path, "\($0)") } }
    }

    @Test(
        "extreme values in any field crash nothing, and every record that still reads is kept",
        arguments: StoreKind.allCases)
    func extremeValues(kind: StoreKind) async throws {
        for tampering in kind == .jsonFiles ? Self.jsonTampering() : Self.sqliteTampering() {
            let folder = self.folder.appendingPathComponent(UUID().uuidString)
            try await fill(kind, at: folder)
            try tampering.apply(folder)
            let problems = StoreProblems()
            let store = try kind.open(at: folder, report: problems.record)
            let (heroes, pending) = try await useEverything(store)
            #expect(heroes.contains("0001") || !tampering.keepsTheRest, "\(tampering.name): \(heroes)")
            #expect(pending.contains("0001") || !tampering.keepsTheRest, "\(tampering.name): \(pending)")
            #expect(pending.contains { $0.hasPrefix("local.") }, "\(tampering.name): \(pending)")
            #expect(Set(pending).count == pending.count, "\(tampering.name): an id given twice: \(pending)")
            #expect(
                !problems.all.isEmpty || kind == .sqlite || !tampering.reports,
                "\(tampering.name): said nothing")
            // And again, from a new opener: the damage was dealt with once.
            let again = StoreProblems()
            _ = try await useEverything(try kind.open(at: folder, report: again.record))
            #expect(again.all.isEmpty, "\(tampering.name): reported again: \(again.all)")
        }
    }

    @Test(
        "a link planted where the store's file is, or beside it, is never written through",
        arguments: StoreKind.allCases)
    func plantedLinks(kind: StoreKind) async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let victim = FileManager.default.temporaryDirectory.appendingPathComponent(
            "victim-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: victim) }
        try Data("important".utf8).write(to: victim)
        let file = kind.file(in: folder)
        for name in [
            file.lastPathComponent, file.lastPathComponent + ".prev", file.lastPathComponent + "-wal",
        ] {
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent(name), withDestinationURL: victim)
        }
        let store = try kind.open(at: folder)
        _ = try await useEverything(store)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "important")
        #expect(try await kind.open(at: folder).read { try $0.hero("0003") } != nil)
    }

    @Test(
        "a folder others can write to, or another user's, is refused with one line naming it",
        arguments: StoreKind.allCases)
    func unsafeFolder(kind: StoreKind) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(chmod(folder.path, 0o777) == 0)
        #expect {
            try kind.open(at: folder)
        } throws: { error in
            let line = "\(error)"
            return line.contains(folder.path) && line.contains("other users") && !line.contains("\n")
        }
        #expect(chmod(folder.path, 0o1777) == 0)
        _ = try kind.open(at: folder)  // sticky, as /tmp is
        if getuid() == 0 {
            #expect(chown(folder.path, 65534, 65534) == 0)
            #expect {
                try kind.open(at: folder)
            } throws: { error in "\(error)".contains("owned by another user") }
        }
    }

    @Test(
        "a damaged store is never moved through a planted quarantine link: refused, naming it",
        arguments: StoreKind.allCases)
    func plantedQuarantine(kind: StoreKind) async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent(
            "elsewhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("quarantine"), withDestinationURL: elsewhere)
        try Data("not a store at all".utf8).write(to: kind.file(in: folder))
        await #expect {
            let store = try kind.open(at: folder)
            _ = try await useEverything(store)
        } throws: { error in
            "\(error)".contains(folder.appendingPathComponent("quarantine").path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        #expect(try Data(contentsOf: kind.file(in: folder)) == Data("not a store at all".utf8))
    }

    static let canActAsNobody =
        getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    /// Another user, in a store folder both may write to (sticky and world-writable, as `/tmp`
    /// is), makes `quarantine` first: a link to a folder of theirs, or a folder of theirs.
    @Test(
        "another user's quarantine, a link or a folder, in a sticky shared store folder is refused",
        .enabled(if: canActAsNobody, "needs root and setpriv, to plant it as another user"),
        arguments: StoreKind.allCases, ["link", "folder"])
    func othersQuarantine(kind: StoreKind, planted: String) async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(chmod(folder.path, 0o1777) == 0)
        let theirs = FileManager.default.temporaryDirectory.appendingPathComponent(
            "theirs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: theirs) }
        let quarantine = folder.appendingPathComponent("quarantine").path
        let steps =
            [["/bin/mkdir", "-m", "0777", theirs.path]] + [
                planted == "link"
                    ? ["/bin/ln", "-s", theirs.path, quarantine] : ["/bin/mkdir", "-m", "0755", quarantine]
            ]
        for step in steps {
            let process = try Process.run(
                URL(fileURLWithPath: "/usr/bin/setpriv"),
                arguments: ["--reuid=nobody", "--regid=nogroup", "--clear-groups"] + step)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "nobody ran \(step)")
        }
        try Data("not a store at all".utf8).write(to: kind.file(in: folder))
        await #expect {
            _ = try await useEverything(try kind.open(at: folder))
        } throws: { error in
            "\(error)".contains(quarantine) && "\(error)".contains("not a folder of yours")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: theirs.path).isEmpty)
        #expect(try Data(contentsOf: kind.file(in: folder)) == Data("not a store at all".utf8))
    }

    @Test("a link planted as the database's -wal or -shm is moved aside with it, never followed")
    func plantedCompanions() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await fill(.sqlite, at: folder)
        let victim = FileManager.default.temporaryDirectory.appendingPathComponent(
            "victim-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: victim) }
        try Data("important".utf8).write(to: victim)
        for suffix in ["-wal", "-shm"] {
            let companion = folder.appendingPathComponent(SQLiteHeroStore.fileName + suffix)
            try? FileManager.default.removeItem(at: companion)
            try FileManager.default.createSymbolicLink(at: companion, withDestinationURL: victim)
        }
        let problems = StoreProblems()
        let store = try StoreKind.sqlite.open(at: folder, report: problems.record)
        _ = try await useEverything(store)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "important")
        #expect(problems.all.contains { "\($0)".contains("-wal is not a regular file") }, "\(problems.all)")
        let quarantined = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("quarantine").path)
        #expect(quarantined.contains { $0.hasSuffix("-wal") }, "\(quarantined)")
    }

    @Test(
        "a pending create written under an id a server could send (local-1) is set aside and reported, not pushed"
    )
    func createUnderAServerID() async throws {
        let store = try StoreKind.jsonFiles.open(at: folder)
        try await store.write { writer in
            var queue = try writer.pending()
            let id = queue.nextLocalID()
            queue.enqueue(
                .create, id: id, draft: try HeroDraft(codeName: "Old Draft"), expectedVersion: nil, base: nil,
                madeAt: Date())
            try writer.setPending(queue)
        }
        let file = StoreKind.jsonFiles.file(in: folder)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("local.1"))
        try Data(text.replacingOccurrences(of: "local.1", with: "local-1").utf8).write(to: file)
        let problems = StoreProblems()
        let reopened = try StoreKind.jsonFiles.open(at: folder, report: problems.record)
        #expect(try await reopened.read { try $0.pending() }.changes.isEmpty)
        #expect(
            problems.all.contains { "\($0)".contains("a create under local-1, which is not a draft id") },
            "\(problems.all)")
    }
}
