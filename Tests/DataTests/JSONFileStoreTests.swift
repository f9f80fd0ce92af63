import Data
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

    @Test("a file of a newer schema that still decodes is refused, and an update does not rewrite it")
    func newerSchemaThatDecodesIsRefused() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let newer = Data(
            #"{"schema_version": 2, "value": {"names": ["Ember"], "count": 1, "extra": true}}"#.utf8)
        try newer.write(to: file)
        let store = try JSONFileStore<Roster>.open(at: file)

        await #expect(throws: StorageError.unsupportedSchema(file, version: 2)) { try await store.read() }
        await #expect(throws: StorageError.unsupportedSchema(file, version: 2)) {
            try await store.update { roster in roster?.count += 1 }
        }
        #expect(try Data(contentsOf: file) == newer)
    }

    @Test("a file that cannot be read is an error naming it, never an empty store to overwrite")
    func unreadableFileIsAnError() async throws {
        // Root reads a file whatever its mode, so a directory in the file's place stands for
        // "exists but cannot be read" here; the mode-000 case runs for other users.
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
        let store = try JSONFileStore<Roster>.open(at: file)
        await #expect {
            try await store.read()
        } throws: { error in
            guard case StorageError.io(let named, _) = error else { return false }
            return named == file
        }
        await #expect(throws: StorageError.self) {
            try await store.update { $0 = Roster(names: [], count: 0) }
        }
        var isDirectory: ObjCBool = false
        #expect(
            FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory)
                && isDirectory.boolValue)
    }

    @Test("a file without read permission is an error naming it", .enabled(if: getuid() != 0))
    func unreadablePermissions() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"schema_version": 1, "value": {"names": [], "count": 0}}"#.utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: file.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path) }
        let store = try JSONFileStore<Roster>.open(at: file)
        await #expect(throws: StorageError.self) { try await store.read() }
    }

    @Test("temporary files left by a crashed write are removed when the store opens")
    func crashLeftovers() async throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("half".utf8).write(
            to: folder.appendingPathComponent(".roster.json.\(UUID().uuidString).tmp"))
        try Data("mine".utf8).write(to: folder.appendingPathComponent(".other.json.\(UUID().uuidString).tmp"))
        let store = try JSONFileStore<Roster>.open(at: file)
        #expect(try contents().filter { $0.hasPrefix(".roster.json.") }.isEmpty)
        #expect(try contents().contains { $0.hasPrefix(".other.json.") })
        _ = store
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
