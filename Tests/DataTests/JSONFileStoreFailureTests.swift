import Data
import Foundation
import Testing

/// The store when the file system or the value refuses: each failure names the file, leaves
/// what was stored as it was, and leaves no temporary file behind.
@Suite("JSONFileStore: failures that leave the store as it was")
struct JSONFileStoreFailureTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "store-fail-\(UUID().uuidString)")
    /// Fixed once: on Linux, `appendingPathComponent` asks the disk, and would add a `/` once a
    /// folder stands at the file's place.
    let file: URL

    init() { file = folder.appendingPathComponent("values.json", isDirectory: false) }

    /// The names in `folder` that a write left behind as temporary files.
    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
    }

    @Test("a file where the store's folder should be is an I/O error naming the store")
    func folderCannotBeCreated() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let blocker = folder.appendingPathComponent("blocker")
        try Data("not a folder".utf8).write(to: blocker)
        let inside = blocker.appendingPathComponent("values.json")
        #expect {
            _ = try JSONFileStore<[String: Int]>.open(at: inside)
        } throws: { error in
            guard case StorageError.io(let named, let why) = error else { return false }
            return named == inside && why.hasPrefix("cannot create its folder")
        }
        #expect(
            try Data(contentsOf: blocker) == Data("not a folder".utf8), "the file in the way is untouched")
    }

    @Test("a value JSON cannot encode is refused before anything is written")
    func unencodableValue() async throws {
        let store = try JSONFileStore<[String: Double]>.open(at: file)
        try await store.write(["speed": 1.5])
        let before = try Data(contentsOf: file)
        await #expect {
            try await store.write(["speed": .nan])
        } throws: { error in
            guard case StorageError.io(let named, let why) = error else { return false }
            return named == file && why.hasPrefix("cannot encode")
        }
        #expect(try Data(contentsOf: file) == before)
        #expect(try await store.read() == ["speed": 1.5])
        #expect(try leftovers().isEmpty)
    }

    @Test("a folder in the file's place makes a write fail to replace it, and the temporary file goes")
    func cannotReplace() async throws {
        let store = try JSONFileStore<[String: Int]>.open(at: file)
        try FileManager.default.createDirectory(
            at: file.appendingPathComponent("occupied"), withIntermediateDirectories: true)
        await #expect {
            try await store.write(["count": 1])
        } throws: { error in
            guard case StorageError.io(let named, let why) = error else { return false }
            return named == file && why.hasPrefix("cannot replace")
        }
        #expect(try leftovers().isEmpty, "the temporary file was removed")
        var isDirectory: ObjCBool = false
        #expect(
            FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory)
                && isDirectory.boolValue)
    }
}
