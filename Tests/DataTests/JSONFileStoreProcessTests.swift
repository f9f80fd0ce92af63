import Data
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What only a second process can show about `JSONFileStore`: the lock between writers, a
/// writer killed mid-write, and a write the file system refuses.
@Suite("JSONFileStore across processes")
struct JSONFileStoreProcessTests {
    struct Counter: Codable, Sendable, Equatable {
        var count: Int
        var padding: [String]
    }

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "store-proc-\(UUID().uuidString)")
    var file: URL { folder.appendingPathComponent("counter.json") }

    func count() async throws -> Int? {
        let store = try JSONFileStore<Counter>.open(at: file)
        return try await store.read()?.count
    }

    func temporaryFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
    }

    @Test(
        "a second writer is refused with a clear locked error while the first holds the store, and no update is lost"
    )
    func secondWriterIsRefused() async throws {
        let first = try ChildProcess(["increment", file.path, "50", "hold"])
        #expect(await first.waitForLine { $0 == "done" })

        let second = try ChildProcess(["increment", file.path, "50"])
        #expect(await second.status() == 75)
        #expect(second.standardError().contains("locked: \(file.path).lock is in use by another process"))

        first.closeInput()
        #expect(await first.status() == 0)
        let third = try ChildProcess(["increment", file.path, "50"])
        #expect(await third.status() == 0)
        #expect(try await count() == 100)
    }

    @Test(
        "two writers started at once: each finishes or is refused as locked, and the count has every finished one's updates"
    )
    func racingWriters() async throws {
        let writers = try (0..<2).map { _ in try ChildProcess(["increment", file.path, "40"]) }
        var finished = 0
        for writer in writers {
            let status = await writer.status()
            #expect([0, 75].contains(status))
            if status == 0 { finished += 1 }
        }
        #expect(finished >= 1)
        #expect(try await count() == 40 * finished)
    }

    @Test(
        "killed with SIGKILL mid-write 50 times, the file always loads, with a count the writer had reached")
    func killedMidWrite() async throws {
        for round in 0..<50 {
            let writer = try ChildProcess(["churn", file.path])
            let target = round % 4
            #expect(await writer.waitForLine { $0 == "wrote \(target)" })
            writer.send(SIGKILL)
            #expect(await writer.status() == SIGKILL)
            // Every line it printed: the pipe can still hold some after the exit is reported.
            _ = await writer.waitForLine { _ in false }
            let reached = writer.lines.count - 1
            let loaded = try await count()
            #expect(
                try temporaryFiles().isEmpty, "round \(round): the open removed the killed write's temp file")
            #expect(
                loaded.map { $0 >= target && $0 <= reached + 1 } == true,
                "round \(round): \(String(describing: loaded))")
        }
        #expect(try temporaryFiles().isEmpty, "each open removed what the killed write left")
    }

    @Test(
        "a write past the file-size limit (the disk is full) is a typed error naming the file, and the old file stays"
    )
    func diskFull() async throws {
        do {
            let store = try JSONFileStore<Counter>.open(at: file)
            try await store.write(Counter(count: 7, padding: []))
        }
        let before = try Data(contentsOf: file)
        let writer = try ChildProcess(["fill", file.path, "8192"])
        #expect(await writer.status() == 0)
        let message = writer.lines.joined(separator: "\n")
        #expect(message.contains(file.lastPathComponent) && message.contains("cannot"), "\(message)")
        #expect(try Data(contentsOf: file) == before)
        #expect(try await count() == 7)
        #expect(try temporaryFiles().isEmpty)
    }

    @Test(
        "a read-only folder refuses the write with a typed error naming the file, and the old file stays",
        .enabled(if: geteuid() != 0, "root writes to read-only folders"))
    func readOnlyFolder() async throws {
        let store = try JSONFileStore<Counter>.open(at: file)
        try await store.write(Counter(count: 3, padding: []))
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        }
        await #expect {
            try await store.write(Counter(count: 4, padding: []))
        } throws: { error in
            guard case StorageError.io(let url, _) = error else { return false }
            return url.lastPathComponent.contains(file.lastPathComponent)
        }
        #expect(try await store.read()?.count == 3)
    }
}
