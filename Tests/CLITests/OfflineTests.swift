import Foundation
import MockServerKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CLITests {
    @Suite("Offline first: a warm cache answers, marked stale")
    struct OfflineTests {
        @Test(
            "with the server gone, list and show answer from the cache with stale set, and --offline never asks",
            arguments: AppStore.allCases)
        func warmCache(store: AppStore) async throws {
            let server = MockServer(configuration: MockServerConfiguration())
            try await server.start()
            let cli = try CLI.editor(of: server.baseURL, store: store)
            #expect(try await cli.run("list", "--per-page", "1").status == 0)
            #expect(try await cli.run("show", "0007").status == 0)
            let seen = server.requests().count
            let offline = try await cli.run("show", "0007", "--offline", "--json")
            #expect(offline.status == 0, "\(offline)")
            #expect(try offline.json()["stale"] as? Bool == true)
            #expect(try offline.json()["real_name"] as? String == "Tomas Brandt")
            #expect(server.requests().count == seen, "--offline sent nothing")
            await server.stop()

            let list = try await cli.run("list", "--json", "--per-page", "1")
            #expect(list.status == 0, "\(list)")
            #expect(try list.json()["stale"] as? Bool == true)
            let text = try await cli.run("list", "--per-page", "1")
            #expect(text.stdout.contains("stale"), "\(text)")
            let cold = try await cli.run("show", "0001")
            #expect(cold.status == 69, "not cached: \(cold)")
        }

        @Test(
            "after a sync, any list, search or the teams answer offline, as the server would, marked stale",
            arguments: AppStore.allCases)
        func afterSync(store: AppStore) async throws {
            let server = MockServer(configuration: MockServerConfiguration())
            try await server.start()
            let cli = try CLI.editor(of: server.baseURL, store: store)
            #expect(try await cli.run("sync").status == 0)
            let online = try await cli.run("--json", "search", "wind")
            await server.stop()

            let search = try await cli.run("--json", "search", "wind")
            #expect(search.status == 0, "\(search)")
            #expect(try search.json()["stale"] as? Bool == true)
            let ids = { (run: CLI.Run) in
                try (run.json()["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            }
            #expect(try ids(search) == ids(online) && !ids(online).isEmpty, "\(search)")
            let page = try await cli.run(
                "--offline", "list", "--page", "3", "--per-page", "4", "--team", "north-wind")
            #expect(page.status == 0, "\(page)")
            #expect(page.stdout.contains("stale"), "\(page)")
            let teams = try await cli.run("--offline", "teams")
            #expect(teams.status == 0 && teams.stdout.contains("North Wind Brigade"), "\(teams)")
        }

        @Test(
            "injected faults end in a typed error or a stale answer, never a crash",
            arguments: [
                ("status:503", [0]), ("reset", [0]), ("close-before-headers", [0]), ("malformed-json", [65]),
                ("status:500", [0]),
            ])
        func faults(fault: String, expected: [Int32]) async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                #expect(try await cli.run("show", "0007").status == 0)
                _ = try server.addFault(
                    FaultRule(method: "GET", path: "/v1/heroes/0007", fault: fault, times: 10))
                let run = try await cli.run("show", "0007", "--json")
                #expect(expected.contains(run.status), "\(run)")
                #expect(!run.stderr.contains("Fatal error") && !run.stderr.contains("Stack dump"))
                if run.status == 0 { #expect(try run.json()["stale"] as? Bool == true) }
                let cache = try await cli.run("show", "0007", "--offline")
                #expect(cache.status == 0, "the cache still answers: \(cache)")
            }
        }

        @Test("503 with Retry-After is waited out, then served")
        func retryAfter() async throws {
            try await withMockServer { server in
                _ = try server.addFault(
                    FaultRule(method: "GET", path: "/v1/heroes/0007", fault: "status:503", times: 1))
                let run = try await CLI.editor(of: server.baseURL).run("show", "0007", "--json")
                #expect(run.status == 0, "\(run)")
                #expect(try run.json()["stale"] as? Bool == false)
            }
        }
    }

    @Suite("Faults with nothing cached")
    struct ColdFaultTests {
        @Test(
            "a cut, reset, malformed or refused answer ends in exit 65 or 69 and one line",
            arguments: [
                "truncate-body:10", "reset", "malformed-json", "status:503", "close-before-headers",
            ])
        func coldFault(fault: String) async throws {
            try await withMockServer { server in
                _ = try server.addFault(
                    FaultRule(method: "GET", path: "/v1/heroes/0007", fault: fault, times: 10))
                let run = try await CLI.editor(of: server.baseURL).run("show", "0007")
                #expect([65, 69].contains(run.status), "\(run)")
                #expect(run.stderr.split(separator: "\n").count == 1, "\(run)")
                #expect(run.stdout.isEmpty)
            }
        }
    }
}

extension CLITests {
    /// A cache another account made read-only, read by that account: as root, the test hands
    /// the home to `nobody` and runs heroes-cli as `nobody` (root itself may write anywhere).
    @Suite("A read-only cache folder")
    struct ReadOnlyCacheTests {
        static let nobody = "65534"

        /// Whether this run can act as `nobody`: root, `setpriv`, and a heroes-cli others may run.
        static var canActAsNobody: Bool {
            guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
                let binary = try? CLI.binary()
            else { return false }
            var folder = binary
            while folder.path != "/" {
                var status = stat()
                guard stat(folder.path, &status) == 0, status.st_mode & S_IXOTH != 0 else { return false }
                folder.deleteLastPathComponent()
            }
            return true
        }

        /// Runs heroes-cli as `nobody` with `cli`'s environment.
        static func runAsNobody(_ cli: CLI, _ arguments: [String]) throws -> (status: Int32, stderr: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments =
                ["--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups", try CLI.binary().path]
                + arguments
            process.environment = cli.environment
            process.currentDirectoryURL = cli.home
            let errors = Pipe()
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }

        @Test(
            "--offline reads work from a read-only cache; a write says the cache is read-only (73)",
            .enabled(
                if: ReadOnlyCacheTests.canActAsNobody, "needs root, setpriv and a heroes-cli others may run"))
        func readOnly() async throws {
            let cli = try CLI()
            #expect(try await cli.run("sync").status == 0)
            let cache = cli.home.appendingPathComponent("cache")
            for (tool, arguments) in [
                ("/bin/chown", ["-R", "\(Self.nobody):\(Self.nobody)", cli.home.path]),
                ("/bin/chmod", ["-R", "a-w", cache.path]),
            ] {
                let process = try Process.run(URL(fileURLWithPath: tool), arguments: arguments)
                process.waitUntilExit()
                #expect(process.terminationStatus == 0, "\(tool)")
            }
            let read = try Self.runAsNobody(cli, ["--offline", "show", "0007"])
            #expect(read.status == 0, "\(read)")
            let list = try Self.runAsNobody(cli, ["--offline", "list"])
            #expect(list.status == 0, "\(list)")
            let write = try Self.runAsNobody(cli, ["--offline", "update", "0007", "--power", "X"])
            #expect(write.status == 73, "\(write)")
            #expect(write.stderr.contains("the offline cache is read-only"), "\(write)")
        }

        @Test(
            "an online create, update or delete with a read-only cache succeeds (0) with a warning that it was not kept",
            .enabled(
                if: ReadOnlyCacheTests.canActAsNobody, "needs root, setpriv and a heroes-cli others may run"))
        func onlineWritesNotKept() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                #expect(try await cli.run("sync").status == 0)
                let cache = cli.home.appendingPathComponent("cache")
                for (tool, arguments) in [
                    ("/bin/chown", ["-R", "\(Self.nobody):\(Self.nobody)", cli.home.path]),
                    ("/bin/chmod", ["-R", "a-w", cache.path]),
                ] {
                    let process = try Process.run(URL(fileURLWithPath: tool), arguments: arguments)
                    process.waitUntilExit()
                    #expect(process.terminationStatus == 0, "\(tool)")
                }
                let create = try Self.runAsNobody(cli, ["create", "--code-name", "Unkept Wonder"])
                #expect(create.status == 0, "\(create)")
                #expect(create.stderr.contains("warning: the offline cache could not keep hero"), "\(create)")
                #expect(
                    server.requests(since: 0).contains { $0.method == "POST" && $0.path == "/v1/heroes" },
                    "the server got the create")
                let update = try Self.runAsNobody(cli, ["update", "0007", "--power", "Stone skin"])
                #expect(update.status == 0, "\(update)")
                #expect(
                    update.stderr.contains("could not keep hero 0007, replaced on the server"), "\(update)")
                let read = try Self.runAsNobody(cli, ["show", "0008"])
                #expect(read.status == 0, "an online read is shown even where it cannot be cached: \(read)")
            }
        }
    }
}
