import Foundation
import MockServerKit
import Testing

extension CLITests {
    @Suite("One sync's deadline")
    struct SyncDeadlineTests {
        @Test("a server that pages slowly stops sync at --deadline: 69, what was done, no page to keep")
        func slowPager() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                try server.addFault(
                    FaultRule(method: "GET", path: "/v1/heroes", fault: "delay:20s", times: 3))
                let started = ContinuousClock.now
                let run = try await cli.run("sync", "--deadline", "1")
                #expect(run.status == 69, "\(run)")
                #expect(run.stderr.contains("sync stopped at its deadline of 1 seconds"), "\(run)")
                #expect(ContinuousClock.now - started < .seconds(20), "it did not wait for the slow page")
                let offline = try await cli.run("--offline", "show", "0007")
                #expect(offline.status == 69, "no page came, so there is none to keep: \(offline)")
            }
        }

        @Test(
            "--deadline is checked like any number: 0 and words are usage errors (64)",
            arguments: ["0", "soon"])
        func badDeadline(value: String) async throws {
            let run = try await CLI().run("sync", "--deadline", value)
            #expect(run.status == 64, "\(run)")
        }
    }
}
