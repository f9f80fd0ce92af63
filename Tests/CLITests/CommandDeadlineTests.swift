import Foundation
import MockServerKit
import Testing

extension CLITests {
    @Suite("One deadline per command, retries included")
    struct CommandDeadlineTests {
        /// The bundled app plist with the hero service's deadline set to `seconds`.
        static func plist(in cli: CLI, deadline seconds: Int) throws -> URL {
            let text = try String(contentsOf: SourceTree.appPlist, encoding: .utf8)
            let original = "<key>deadlineSeconds</key>\n                            <integer>15</integer>"
            let range = try #require(
                text.range(of: original), "the bundled plist gives the hero service 15 s")
            let file = cli.home.appendingPathComponent("Deadline.plist")
            try text.replacingCharacters(
                in: range,
                with: "<key>deadlineSeconds</key>\n                            <integer>\(seconds)</integer>"
            ).write(to: file, atomically: true, encoding: .utf8)
            return file
        }

        /// A body of 8 pieces 2 s apart: 16 s, far past the deadlines used here.
        static let trickle = "status:200,trickle:2s"

        @Test(
            "a warm update against a trickling server spends one deadline in all, and sends no write past it")
        func warmUpdate() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let plist = try Self.plist(in: cli, deadline: 3)
                let warm = try await cli.run("--config", plist.path, "show", "0001")
                #expect(warm.status == 0, "\(warm)")
                for method in ["GET", "PUT"] {
                    try server.addFault(
                        FaultRule(method: method, path: "/v1/heroes/0001", fault: Self.trickle, times: 10))
                }
                let mark = server.lastSequence
                let start = ContinuousClock.now
                let run = try await cli.run("--config", plist.path, "update", "0001", "--power", "Patience")
                let elapsed = ContinuousClock.now - start
                #expect(run.status == 0, "\(run)")
                // Two calls each to their own 3 s deadline took at least 6 s.
                #expect(elapsed < .seconds(6), "\(elapsed)")
                let sent = server.requests(since: mark).map { "\($0.method) \($0.path)" }
                #expect(sent == ["GET /v1/heroes/0001"], "the write is kept pending, not sent to be cut")
                let pending = try await cli.run("--config", plist.path, "--offline", "show", "0001", "--json")
                #expect(pending.stdout.contains("Patience"), "\(pending)")
            }
        }

        @Test(
            "a warm show against a trickling body gives the stale copy at the deadline; a cold one exits 69")
        func trickledShow() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let plist = try Self.plist(in: cli, deadline: 2)
                #expect(try await cli.run("--config", plist.path, "show", "0001").status == 0)
                try server.addFault(
                    FaultRule(method: "GET", path: "/v1/heroes/0001", fault: Self.trickle, times: 10))
                try server.addFault(
                    FaultRule(method: "GET", path: "/v1/heroes/0002", fault: Self.trickle, times: 10))
                let start = ContinuousClock.now
                let warm = try await cli.run("--config", plist.path, "show", "0001")
                #expect(warm.status == 0, "\(warm)")
                #expect(warm.stdout.contains("(stale: offline copy)"), "\(warm)")
                let cold = try await cli.run("--config", plist.path, "show", "0002")
                #expect(cold.status == 69, "\(cold)")
                #expect(cold.stderr.contains("did not answer in time"), "\(cold)")
                #expect(ContinuousClock.now - start < .seconds(8), "two runs of a 2 s deadline")
            }
        }

        @Test("sync keeps a deadline per call: two calls of 1.5 s each succeed under a 2 s deadline")
        func syncIsNotCut() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let plist = try Self.plist(in: cli, deadline: 2)
                for path in ["/v1/heroes?page=1&per_page=100", "/v1/teams"] {
                    try server.addFault(FaultRule(method: "GET", path: path, fault: "delay:1500ms"))
                }
                let run = try await cli.run("--config", plist.path, "sync")
                #expect(run.status == 0, "\(run)")
                #expect(run.stdout.contains("44 inserted"), "\(run)")
                #expect(server.requests().filter { $0.fault != nil }.count == 2, "both calls were slowed")
            }
        }
    }
}
