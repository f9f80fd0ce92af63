import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CLITests {
    @Suite("With no server named: the bundled demo server, in-process")
    struct BundledServerTests {
        // How fast it runs is the benchmark's to measure, not a test's to assert.
        @Test("demo runs every feature to the end on a fresh HOME and exits 0")
        func demo() async throws {
            let cli = try CLI()
            let run = try await cli.run("demo")
            #expect(run.status == 0, "\(run)")
            for step in [
                "teams", "list --per-page 5", "search wind", "show 0007", "create", "update", "picture 0007",
                "upload-picture", "sync", "--offline show", "delete",
            ] {
                #expect(run.stdout.contains("$ heroes-cli \(step)"), "missing step \(step)")
            }
            #expect(run.stdout.contains("Tomas Brandt"), "the demo key reveals a real name")
            #expect(run.stdout.contains("stale"), "the offline step is marked stale")
            #expect(!run.stdout.contains("editor-demo-password"))
            let after = try await cli.run("list", "--json")
            #expect(try after.json()["total"] as? Int == 44, "the demo removed the hero it made")
        }

        @Test("a create is still there at the next run, and demo reset restores the fixtures")
        func persistence() async throws {
            let cli = try CLI()
            let created = try await cli.run("create", "--code-name", "Keeper", "--json")
            #expect(created.status == 0, "\(created)")
            let id = try #require(try created.json()["id"] as? String)
            let shown = try await cli.run("show", id, "--json")
            #expect(try shown.json()["code_name"] as? String == "Keeper")
            #expect(try shown.json()["stale"] as? Bool == false)
            let reset = try await cli.run("demo", "reset")
            #expect(reset.status == 0, "\(reset)")
            #expect(try await cli.run("show", id).status == 66)
            #expect(try await cli.run("list", "--json").json()["total"] as? Int == 44)
        }

        /// Each process runs its own bundled server over the one state file.
        @Test(
            "20 parallel creates and 10 parallel updates, each its own process: every write kept, no id twice"
        )
        func parallelWriters() async throws {
            let cli = try CLI()
            let created = try await withThrowingTaskGroup(of: CLI.Run.self) { group in
                for index in 1...20 {
                    group.addTask {
                        try await cli.run(
                            "create", "--code-name", "Parallel \(index)", "--json", timeout: .seconds(180))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            var ids: Set<String> = []
            for run in created {
                #expect(run.status == 0, "\(run)")
                if let id = try? run.json()["id"] as? String { ids.insert(id) }
            }
            #expect(ids.count == 20, "no id given twice: \(ids.sorted())")
            let updated = try await withThrowingTaskGroup(of: CLI.Run.self) { group in
                for index in 1...10 {
                    let id = String(format: "%04d", index)
                    group.addTask {
                        try await cli.run("update", id, "--power", "Power \(index)", timeout: .seconds(180))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for run in updated { #expect(run.status == 0, "\(run)") }

            let list = try await cli.run("list", "--json", "--per-page", "100")
            #expect(try list.json()["total"] as? Int == 64, "\(list)")
            let listed = Set(
                (try list.json()["items"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
            #expect(ids.isSubset(of: listed), "every create is there")
            for index in 1...10 {
                let shown = try await cli.run("show", String(format: "%04d", index), "--json")
                #expect(
                    (try shown.json()["powers"] as? [String])?.contains("Power \(index)") == true, "\(shown)")
            }
            let state = cli.home.appendingPathComponent("data/heroes/demo-server-state.json")
            let mode =
                (try? FileManager.default.attributesOfItem(atPath: state.path)[.posixPermissions]) as? Int
            #expect(mode == 0o600, "the state file is 0600: \(String(describing: mode))")
        }

        @Test(
            "serve prints listening on http://127.0.0.1:PORT first, serves the contract, and stops on SIGTERM"
        )
        func serve() async throws {
            let cli = try CLI()
            let server = try ServerProcess(
                executable: try CLI.binary(), arguments: ["serve", "--port", "0"], cli: cli)
            let run = try await CLI.editor(of: server.url).run("show", "0007", "--json")
            #expect(run.status == 0, "\(run)")
            #expect(try await server.stop(signal: SIGTERM) == 0)
        }

        @Test(
            "demo runs on its own fresh data: after a delete on the bundled server it still passes, and leaves that data be"
        )
        func demoRepeatable() async throws {
            let cli = try CLI()
            #expect(try await cli.run("delete", "0007").status == 0)
            let demo = try await cli.run("demo")
            #expect(demo.status == 0, "\(demo)")
            #expect(try await cli.run("show", "0007").status == 66, "the person's own deletion stands")
            let again = try await cli.run("demo")
            #expect(again.status == 0, "\(again)")
        }

        @Test(
            "demo refuses --server and --offline; demo, demo reset and lint refuse --json: 64 and a usage line",
            arguments: [
                ["demo", "--server", "http://127.0.0.1:9"], ["demo", "--offline"], ["demo", "--json"],
                ["demo", "reset", "--json"], ["lint", "--json"],
            ])
        func demoRefuses(arguments: [String]) async throws {
            let run = try await CLI().run(arguments)
            #expect(run.status == 64, "\(run)")
            #expect(run.stdout.isEmpty || (try? run.json()["error"]) != nil, "never mixed text: \(run)")
        }

        @Test("serve and mock-server on a port already taken: one line and 69, no crash")
        func busyPort() async throws {
            try await withMockServer { busy in
                let port = try #require(busy.baseURL.port)
                let serve = try await CLI().run("serve", "--port", "\(port)")
                #expect(serve.status == 69, "\(serve)")
                #expect(serve.stderr.split(separator: "\n").count == 1, "\(serve)")
                #expect(serve.stderr.contains("Address already in use"), "\(serve)")
                #expect(!serve.stderr.contains("Crash") && !serve.stderr.contains("Illegal"), "\(serve)")
                let binary = try CLI.binary().deletingLastPathComponent().appendingPathComponent(
                    "mock-server")
                let process = Process()
                process.executableURL = binary
                process.arguments = ["--port", "\(port)"]
                let errors = Pipe()
                process.standardError = errors
                process.standardOutput = FileHandle.nullDevice
                try process.run()
                let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(process.terminationStatus == 69, "\(text)")
                #expect(text.split(separator: "\n").count == 1, "\(text)")
            }
        }

        @Test("against the mock-server binary: reads, writes and a conflict")
        func mockServerBinary() async throws {
            let binary = try CLI.binary().deletingLastPathComponent().appendingPathComponent("mock-server")
            let cli = try CLI()
            let server = try ServerProcess(executable: binary, arguments: ["--port", "0"], cli: cli)
            let editor = try CLI.editor(of: server.url)
            #expect(try await editor.run("list").status == 0)
            let created = try await editor.run("create", "--code-name", "Process Hero", "--json")
            #expect(created.status == 0, "\(created)")
            #expect(try await editor.run("create", "--code-name", "Process Hero").status == 75)
            #expect(try await server.stop(signal: SIGINT) == 0)
        }
    }
}
