import Data
import Foundation
import Testing

@Suite("JSONFileStore")
struct JSONFileStoreTests {
    struct Roster: Codable, Sendable, Equatable {
        var names: [String]
        var count: Int
    }

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
    var file: URL { folder.appendingPathComponent("roster.json") }

    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test("a written value reads back, in a versioned file with stable key order and no temp file left")
    func roundTrip() async throws {
        let store = try JSONFileStore<Roster>.open(at: file)
        #expect(try await store.read() == nil)
        try await store.write(Roster(names: ["Ember"], count: 1))

        #expect(try await store.read() == Roster(names: ["Ember"], count: 1))
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains(#""schema_version" : 1"#))
        let count = try #require(text.range(of: #""count""#))
        let names = try #require(text.range(of: #""names""#))
        #expect(count.lowerBound < names.lowerBound)
        #expect(try contents() == ["roster.json", "roster.json.lock"])
    }

    @Test("a second opener of the same store is refused while the first holds it")
    func lockedAgainstASecondOpener() async throws {
        let first = try JSONFileStore<Roster>.open(at: file)
        #expect(throws: StorageError.locked(file.appendingPathExtension("lock"))) {
            try JSONFileStore<Roster>.open(at: file)
        }
        _ = first
    }

    @Test("a corrupt file is moved aside with its bytes, reported by name, and the store starts empty")
    func corruptFileIsMovedAside() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("{\"schema_version\": 1, \"value\": {\"names\": [".utf8).write(to: file)
        let store = try JSONFileStore<Roster>.open(at: file)

        await #expect {
            try await store.read()
        } throws: { error in
            guard case StorageError.corrupt(let original, let aside, _) = error else { return false }
            let kept = try? String(contentsOf: aside, encoding: .utf8)
            return original == file && kept == "{\"schema_version\": 1, \"value\": {\"names\": ["
                && "\(error)".contains(file.path)
        }
        #expect(try await store.read() == nil)
        #expect(try contents().contains { $0.hasPrefix("roster.json.corrupt-") })
    }

    @Test("a file of a newer schema is reported and left untouched")
    func newerSchemaIsLeftAlone() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let newer = Data(#"{"schema_version": 2, "value": {"everything": "different"}}"#.utf8)
        try newer.write(to: file)
        let store = try JSONFileStore<Roster>.open(at: file)

        await #expect(throws: StorageError.unsupportedSchema(file, version: 2)) { try await store.read() }
        #expect(try Data(contentsOf: file) == newer)
    }

    @Test("concurrent updates never lose one another")
    func updatesAreAtomic() async throws {
        let store = try JSONFileStore<Roster>.open(at: file)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask {
                    try await store.update { value in
                        var roster = value ?? Roster(names: [], count: 0)
                        roster.names.append("hero-\(index)")
                        roster.count += 1
                        value = roster
                    }
                }
            }
            try await group.waitForAll()
        }
        let roster = try #require(try await store.read())
        #expect(roster.count == 50)
        #expect(Set(roster.names).count == 50)
    }
}
