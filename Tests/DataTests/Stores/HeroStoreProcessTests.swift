import Data
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What only a second process can show about `JSONFileHeroStore`: the lock between writers,
/// a writer killed mid-commit, and a commit the file system refuses.
@Suite("JSONFileHeroStore across processes")
struct JSONFileHeroStoreProcessTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "store-proc-\(UUID().uuidString)")

    func count() async throws -> Int {
        try await JSONFileHeroStore.open(at: folder).read { try $0.pending().lastLocalNumber }
    }

    /// The churned heroes' versions, as one read sees them.
    func churnVersions() async throws -> [Int] {
        try await JSONFileHeroStore.open(at: folder).read { reader in
            try reader.heroIDs(in: 0..<reader.heroCount()).map { id in
                guard case .integer(let version)? = try reader.hero(id)?.record[path: "version"] else {
                    return -1
                }
                return version
            }
        }
    }

    /// Files a killed commit may leave: intents, staged versions, and records newer than the
    /// manifest.
    func leftovers() throws -> [String] {
        let manifest =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("manifest.json"))) as? [String: Any]
        let generation = manifest?["generation"] as? Int ?? 0
        var found = try FileManager.default.contentsOfDirectory(
            atPath: folder.appendingPathComponent("txn").path)
        let records = folder.appendingPathComponent("records")
        for name in try FileManager.default.contentsOfDirectory(atPath: records.path) {
            if name.split(separator: ".").count > 2 { found.append(name) }  // `<key>.<generation>.json`
            let object = try JSONSerialization.jsonObject(
                with: Data(contentsOf: records.appendingPathComponent(name)))
            if let written = (object as? [String: Any])?["generation"] as? Int, written > generation {
                found.append(name)
            }
        }
        if let installing = manifest?["installing"] as? [String: Any], !installing.isEmpty {
            found.append("manifest.json installing \(installing)")
        }
        return found
    }

    @Test("a second writer waits for the lock, then gives up with a clear locked error; no update is lost")
    func secondWriterWaitsThenGivesUp() async throws {
        let first = try ChildProcess(["increment", folder.path, "50", "hold"])
        #expect(await first.waitForLine { $0 == "holding" })

        let clock = ContinuousClock()
        let start = clock.now
        let second = try ChildProcess(
            ["increment", folder.path, "50"], environment: ["STORE_WRITER_PATIENCE_MS": "600"])
        #expect(await second.status() == 75)
        #expect(clock.now - start >= .milliseconds(600), "it waited before giving up")
        #expect(second.standardError().contains("is held by another heroes-cli that is still writing"))

        first.closeInput()
        #expect(await first.status() == 0)
        let third = try ChildProcess(["increment", folder.path, "50"])
        #expect(await third.status() == 0)
        #expect(try await count() == 100)
    }

    @Test(
        "two writers started at once both finish, each waiting for the other's commits, and no update is lost"
    )
    func racingWriters() async throws {
        let writers = try (0..<2).map { _ in try ChildProcess(["increment", folder.path, "40"]) }
        for writer in writers { #expect(await writer.status() == 0) }
        #expect(try await count() == 80)
    }

    @Test(
        "killed with SIGKILL mid-commit 50 times, a read always sees one commit whole, and the next writer undoes the rest"
    )
    func killedMidCommit() async throws {
        for round in 0..<50 {
            let writer = try ChildProcess(["churn", folder.path])
            let target = round % 4 + 1
            #expect(await writer.waitForLine { $0 == "wrote \(target)" })
            writer.send(SIGKILL)
            #expect(await writer.status() == SIGKILL)
            // Every line it printed: the pipe can still hold some after the exit is reported.
            _ = await writer.waitForLine { _ in false }
            let reached = writer.lines.count
            let versions = try await churnVersions()
            #expect(versions.count == 40, "round \(round)")
            #expect(Set(versions).count == 1, "round \(round): one commit, whole: \(Set(versions))")
            let version = versions.first ?? 0
            #expect(version >= target && version <= reached + 1, "round \(round): \(version)")
        }
        // The next commit undoes what the last killed one left.
        let writer = try ChildProcess(["increment", folder.path, "1"])
        #expect(await writer.status() == 0)
        #expect(try leftovers().isEmpty)
    }

    @Test(
        "a commit past the file-size limit (the disk is full) is a typed error naming the store, and the last commit stays"
    )
    func diskFull() async throws {
        let store = try JSONFileHeroStore.open(at: folder)
        let hero = StoredHero(
            record: .object(["id": .string("0001"), "code_name": .string("Small")]), entityTag: nil)
        try await store.write { try $0.setHero("0001", to: hero) }
        let writer = try ChildProcess(["fill", folder.path, "8192"])
        #expect(await writer.status() == 0)
        _ = await writer.waitForLine { _ in false }  // every line: the pipe can outlive the exit
        let message = writer.lines.joined(separator: "\n")
        #expect(message.contains(folder.lastPathComponent) && message.contains("cannot commit"), "\(message)")
        #expect(try await store.read { try $0.hero("0001") } == hero)
        #expect(try leftovers().isEmpty)
    }

    @Test(
        "a read-only folder refuses the commit with a typed error naming the store, and the last commit stays",
        .enabled(if: geteuid() != 0, "root writes to read-only folders"))
    func readOnlyFolder() async throws {
        let store = try JSONFileHeroStore.open(at: folder)
        let hero = StoredHero(record: .object(["id": .string("0001")]), entityTag: nil)
        try await store.write { try $0.setHero("0001", to: hero) }
        let records = folder.appendingPathComponent("records")
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
}
