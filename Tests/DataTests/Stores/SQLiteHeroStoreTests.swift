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

/// What only the SQLite store has: its pragmas, and a damaged database file moved aside with its
/// `-wal` and `-shm`. The port's contract, which it shares with `JSONFileHeroStore`, is
/// `HeroStoreContractTests`.
@Suite("SQLiteHeroStore's database")
struct SQLiteHeroStoreTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "sqlite-store-\(UUID().uuidString)")
    var file: URL { folder.appendingPathComponent(SQLiteHeroStore.fileName) }

    static func hero(_ index: Int) -> StoredHero {
        let id = String(format: "%04d", index)
        return StoredHero(
            try! Hero.sample(
                id: id, codeName: "Hero \(index)", powers: (0..<8).map { "Power \($0) of hero \(index)" },
                version: 1),
            entityTag: nil)
    }

    /// A store of `count` heroes, written and closed (its last connection checkpoints the WAL
    /// into the file and removes it).
    func writeAndClose(_ count: Int) async throws {
        let store = try SQLiteHeroStore.open(at: folder)
        try await store.write { writer in
            for index in 0..<count { try writer.setHero(String(format: "%04d", index), to: Self.hero(index)) }
        }
    }

    /// One pragma's answer, on a connection of the test's own.
    func pragma(_ name: String) throws -> String {
        var answer = ""
        try SQLiteConnection(path: file.path, busyTimeout: .seconds(1)).run("PRAGMA \(name)") { row in
            answer = row.text(0) ?? ""
        }
        return answer
    }

    @Test("the database is in WAL mode, at this schema's user_version, 0600 in a 0700 folder")
    func pragmas() async throws {
        try await writeAndClose(3)
        #expect(try pragma("journal_mode") == "wal")
        #expect(try pragma("user_version") == "\(SQLiteSchema.version)")
        let mode = { (url: URL) in
            (try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1
        }
        #expect(mode(file) == 0o600)
        #expect(mode(folder) == 0o700)
    }

    @Test("a zero-length file is an empty database, and no warning")
    func zeroLength() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
        let problems = StoreProblems()
        let store = try SQLiteHeroStore.open(at: folder, report: problems.record)
        #expect(try await store.read { try $0.heroCount() } == 0)
        try await store.write { try $0.setHero("0001", to: Self.hero(1)) }
        #expect(try await store.read { try $0.hero("0001") } == Self.hero(1))
        #expect(problems.all.isEmpty)
    }

    /// The one report `problems` holds, checked to name the database, with where it went.
    func quarantined(_ problems: StoreProblems) throws -> URL? {
        #expect(problems.all.count == 1, "\(problems.all)")
        guard case .corrupt(let named, let aside, _)? = problems.all.first else {
            Issue.record("expected a corrupt report, got \(problems.all)")
            return nil
        }
        #expect(named == file)
        #expect(aside.deletingLastPathComponent().lastPathComponent == "quarantine")
        #expect(!problems.all[0].description.contains("\n"))
        return aside
    }

    @Test(
        "a file that is not a database is moved aside with its -wal and -shm, once, and the store starts empty"
    )
    func garbage() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let garbage = Data((0..<9000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        try garbage.write(to: file)
        try Data("not a log".utf8).write(to: URL(fileURLWithPath: file.path + "-wal"))
        try Data("not an index".utf8).write(to: URL(fileURLWithPath: file.path + "-shm"))
        let problems = StoreProblems()
        let store = try SQLiteHeroStore.open(at: folder, report: problems.record)
        guard let aside = try quarantined(problems) else { return }
        #expect(try Data(contentsOf: aside) == garbage)
        #expect(try String(contentsOfFile: aside.path + "-wal", encoding: .utf8) == "not a log")
        // SQLite rebuilds a wal-index it cannot use, so only where it went is checked.
        #expect(FileManager.default.fileExists(atPath: aside.path + "-shm"))
        #expect(try await store.read { try $0.heroCount() } == 0)
        try await store.write { try $0.setHero("0001", to: Self.hero(1)) }
        #expect(try await SQLiteHeroStore.open(at: folder).read { try $0.hero("0001") } == Self.hero(1))
        #expect(problems.all.count == 1)
    }

    @Test(
        "a truncated database is found damaged when its pages are read, moved aside once, and the read answers empty"
    )
    func truncated() async throws {
        try await writeAndClose(2_000)
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0
        #expect(size > 200_000)
        #expect(truncate(file.path, off_t(size / 2)) == 0)
        let problems = StoreProblems()
        let store = try SQLiteHeroStore.open(at: folder, report: problems.record)
        let (count, heroes) = try await store.read { reader in
            let ids = try reader.heroIDs(in: 0..<reader.heroCount())
            return (try reader.heroCount(), try ids.compactMap { try reader.hero($0) })
        }
        #expect(count == 0 && heroes.isEmpty, "the read ran again on the new, empty database")
        guard let aside = try quarantined(problems) else { return }
        #expect((try FileManager.default.attributesOfItem(atPath: aside.path)[.size] as? Int) == size / 2)
        try await store.write { try $0.setHero("0001", to: Self.hero(1)) }
        #expect(try await store.read { try $0.heroIDs(in: 0..<5) } == ["0001"])
    }

    @Test("pages overwritten in the middle of the file are found when read, not at open")
    func damagedPages() async throws {
        try await writeAndClose(2_000)
        let handle = try FileHandle(forWritingTo: file)
        try handle.seek(toOffset: 40_960)
        try handle.write(contentsOf: Data(repeating: 0xa5, count: 200_000))
        try handle.close()
        let problems = StoreProblems()
        let store = try SQLiteHeroStore.open(at: folder, report: problems.record)
        #expect(problems.all.isEmpty, "open reads the header and the schema, not every page")
        let heroes = try await store.read { reader in
            try reader.heroIDs(in: 0..<reader.heroCount()).compactMap { try reader.hero($0) }
        }
        #expect(heroes.isEmpty)
        _ = try quarantined(problems)
    }

    @Test("a database of another schema at version 0 is not this store's: moved aside after a quick_check")
    func someoneElses() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try SQLiteConnection(path: file.path, busyTimeout: .seconds(1)).execute(
            "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')")
        let problems = StoreProblems()
        let store = try SQLiteHeroStore.open(at: folder, report: problems.record)
        guard case .corrupt(_, _, let reason)? = problems.all.first else {
            Issue.record("expected a corrupt report, got \(problems.all)")
            return
        }
        #expect(reason == "not a database of this store")
        #expect(try await store.read { try $0.heroCount() } == 0)
    }

    @Test("a FIFO where the database should be is moved aside at once, never waited on")
    func fifo() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(mkfifo(file.path, 0o600) == 0)
        let problems = StoreProblems()
        let store = try SQLiteHeroStore.open(at: folder, report: problems.record)
        _ = try quarantined(problems)
        #expect(try await store.read { try $0.heroCount() } == 0)
    }
}
