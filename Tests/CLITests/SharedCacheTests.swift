import CSQLite
import Foundation
import MockServerKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CLITests {
    /// Several heroes-cli processes on one cache, as a shell script or two terminals make them.
    @Suite("One cache, many processes")
    struct SharedCacheTests {
        /// The store folder of the cache for the server `cli` talks to.
        static func storeFolder(of cli: CLI) throws -> URL {
            let caches = cli.home.appendingPathComponent("cache/heroes")
            let hosts = try FileManager.default.contentsOfDirectory(atPath: caches.path)
            let host = try #require(hosts.first, "one cache folder in \(caches.path)")
            return caches.appendingPathComponent(host).appendingPathComponent(cli.store.folderName)
        }

        @Test(
            "8 reads at once all succeed: readers never wait, not for each other",
            arguments: AppStore.allCases)
        func parallelReads(store: AppStore) async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL, store: store)
                #expect(try await cli.run("sync").status == 0)
                let runs = try await withThrowingTaskGroup(of: CLI.Run.self) { group in
                    for index in 1...8 {
                        group.addTask { try await cli.run("--offline", "show", "000\(index)") }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
                #expect(runs.map(\.status) == Array(repeating: 0, count: 8), "\(runs)")
            }
        }

        @Test(
            "two processes making 10 offline edits each, at the same time, lose none: the next sync pushes all 20",
            arguments: AppStore.allCases)
        func concurrentWriters(store: AppStore) async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL, store: store)
                #expect(try await cli.run("sync").status == 0)
                let statuses = try await withThrowingTaskGroup(of: [Int32].self) { group in
                    for writer in 0..<2 {
                        group.addTask {
                            var statuses: [Int32] = []
                            for index in 1...10 {
                                let id = String(format: "%04d", writer * 10 + index)
                                statuses.append(
                                    try await cli.run("--offline", "update", id, "--power", "Edit \(index)")
                                        .status)
                            }
                            return statuses
                        }
                    }
                    return try await group.reduce(into: []) { $0 += $1 }
                }
                #expect(statuses == Array(repeating: 0, count: 20))
                let synced = try await cli.run("--json", "sync")
                #expect(synced.status == 0, "\(synced)")
                #expect((try synced.json()["pushed"] as? [String])?.count == 20, "\(synced)")
            }
        }

        @Test(
            "a read during a sync sees the last committed state, old or new, never an error",
            arguments: AppStore.allCases)
        func readDuringSync(store: AppStore) async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL, store: store)
                #expect(try await cli.run("sync").status == 0)
                let original = try await cli.run("--offline", "--json", "show", "0001")
                let originalName = try #require(try original.json()["code_name"] as? String)
                let other = try CLI.editor(of: server.baseURL, store: store)
                #expect(
                    try await other.run("update", "0001", "--code-name", "Renamed During Sync").status == 0)
                _ = try server.addFault(FaultRule(method: "GET", path: "/v1/heroes", fault: "delay:300ms"))
                async let sync = cli.run("sync")
                var names: Set<String> = []
                for _ in 0..<5 {
                    let read = try await cli.run("--offline", "--json", "show", "0001")
                    #expect(read.status == 0, "\(read)")
                    names.insert(try read.json()["code_name"] as? String ?? "?")
                }
                #expect(try await sync.status == 0)
                #expect(
                    names.isSubset(of: ["Renamed During Sync", originalName]), "\(names)")
                let after = try await cli.run("--offline", "--json", "show", "0001")
                #expect(try after.json()["code_name"] as? String == "Renamed During Sync")
            }
        }

        @Test(
            "a store of a newer schema is refused for reads and writes: exit 73, one line naming the file",
            arguments: AppStore.allCases)
        func newerSchema(store: AppStore) async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL, store: store)
                #expect(try await cli.run("sync").status == 0)
                let folder = try Self.storeFolder(of: cli)
                let manifest = store.schemaFile(in: folder)
                try store.makeSchema99(in: folder)
                for arguments in [
                    ["--offline", "show", "0007"], ["--offline", "update", "0007", "--power", "X"],
                ] {
                    let run = try await cli.run(arguments)
                    #expect(run.status == 73, "\(run)")
                    #expect(run.stderr.contains("\(manifest.path) has schema version 99"), "\(run)")
                    #expect(run.stderr.split(separator: "\n").count == 1, "\(run)")
                }
            }
        }

        @Test(
            "a cache tampered with extreme values crashes no command: each ends in a status of its own, no backtrace",
            arguments: AppStore.allCases)
        func tamperedCache(store: AppStore) async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL, store: store)
                #expect(try await cli.run("sync").status == 0)
                #expect(try await cli.run("update", "0001", "--power", "Pending", "--offline").status == 0)
                let file = store.schemaFile(in: try Self.storeFolder(of: cli))
                switch store {
                case .jsonFiles:
                    var text = try String(contentsOf: file, encoding: .utf8)
                    text = text.replacingOccurrences(
                        of: #""version":"#, with: #""version":9223372036854775807,"x":"#)
                    text = text.replacingOccurrences(
                        of: #""lastLocalNumber":"#, with: #""lastLocalNumber":-9223372036854775808,"y":"#)
                    try Data(text.utf8).write(to: file)
                case .sqlite:
                    var database: OpaquePointer?
                    defer { sqlite3_close(database) }
                    #expect(sqlite3_open(file.path, &database) == SQLITE_OK)
                    #expect(sqlite3_exec(database, "PRAGMA user_version = -1", nil, nil, nil) == SQLITE_OK)
                }
                for arguments in [
                    ["--offline", "list"], ["--offline", "show", "0007"], ["--offline", "search", "a"],
                    ["--offline", "teams"], ["--offline", "create", "--code-name", "Fresh"],
                    ["--offline", "update", "0007", "--power", "X"], ["--offline", "delete", "0002"],
                    ["sync"],
                    ["list"], ["show", "0001"],
                ] {
                    let run = try await cli.run(arguments)
                    #expect([0, 69, 73].contains(run.status), "\(arguments): \(run)")
                    #expect(
                        !run.stderr.contains("Fatal error") && !run.stderr.contains("Backtrace"), "\(run)")
                }
            }
        }

        @Test(
            "a FIFO where the store's file should be is moved aside with a warning, never waited on",
            arguments: AppStore.allCases)
        func fifoManifest(store: AppStore) async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL, store: store)
                #expect(try await cli.run("sync").status == 0)
                let manifest = store.schemaFile(in: try Self.storeFolder(of: cli))
                try FileManager.default.removeItem(at: manifest)
                #expect(mkfifo(manifest.path, 0o600) == 0)
                let run = try await cli.run(["--offline", "show", "0007"], timeout: .seconds(20))
                #expect(
                    run.stderr.contains("warning: \(manifest.path) was unreadable (not a regular file)"),
                    "\(run)")
                #expect(run.status == 69, "nothing is stored any more, so offline it is unavailable: \(run)")
            }
        }

        @Test(
            "a sync killed after the server applied its create does not create the hero twice: the next sync ends in 0"
        )
        func createAppliedBeforeKill() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                #expect(try await cli.run("sync").status == 0)
                let created = try await cli.run(
                    "--offline", "create", "--code-name", "Once Only", "--power", "Flight")
                #expect(created.status == 0, "\(created)")
                // What the killed sync sent and the server applied: the same POST, with the key it was queued with.
                let file = try Self.storeFolder(of: cli).appendingPathComponent("heroes.json")
                let stored = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
                let queue = stored?["pending"] as? [String: Any]
                let change = try #require((queue?["changes"] as? [[String: Any]])?.first)
                let key = try #require(change["idempotencyKey"] as? String)
                var request = URLRequest(url: server.baseURL.appendingPathComponent("v1/heroes"))
                request.httpMethod = "POST"
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.setValue("\"\(key)\"", forHTTPHeaderField: "Idempotency-Key")
                request.setValue(
                    "Basic " + Data("editor:editor-demo-password".utf8).base64EncodedString(),
                    forHTTPHeaderField: "Authorization")
                request.httpBody = Data(
                    #"{"code_name": "Once Only", "powers": ["Flight"], "encrypted_real_name": null, "team_id": null}"#
                        .utf8)
                let (_, response) = try await URLSession.shared.data(for: request)
                #expect((response as? HTTPURLResponse)?.statusCode == 201)

                let synced = try await cli.run("--json", "sync")
                #expect(synced.status == 0, "\(synced)")
                let search = try await cli.run("--json", "search", "Once Only")
                #expect(try search.json()["total"] as? Int == 1, "one hero, not two: \(search)")
                #expect(try await cli.run("--json", "sync").status == 0, "and every sync after it ends in 0")
            }
        }
    }
}
