import Foundation
import MockServerKit
import Testing

extension CLITests {
    /// An offline edit of a hero another client deleted meets a 404 when pushed. It is dropped,
    /// and said to be, only by a sync that completes: real processes against the server over TCP.
    @Suite("A pending edit the server answers 404 survives a sync that fails part-way")
    struct PendingDropTests {
        @Test(
            "a sync that fails after the 404 keeps the edit pending; the next complete one drops it and says so"
        )
        func dropWaitsForACompleteSync() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                #expect(try await cli.run("sync").status == 0)
                let other = try await CLI.editor(of: server.baseURL).run("delete", "0007")
                #expect(other.status == 0, "\(other)")
                let edit = try await cli.run("--offline", "update", "0007", "--power", "Gliding")
                #expect(edit.status == 0, "\(edit)")

                // The push gets its 404; then every page the pull asks for fails.
                _ = try server.addFault(
                    FaultRule(method: "GET", path: "/v1/heroes", fault: "status:503", times: 1000))
                let failed = try await cli.run("--json", "sync")
                #expect(failed.status == 69, "\(failed)")
                #expect(
                    !failed.stdout.contains("dropped") || failed.stdout.contains(#""dropped":[]"#),
                    "\(failed)")
                let shown = try await cli.run("--offline", "--json", "show", "0007")
                #expect(shown.status == 0 && shown.stdout.contains(#""pending":true"#), "\(shown)")

                server.clearFaults()
                let done = try await cli.run("--json", "sync")
                #expect(done.status == 0, "\(done)")
                #expect(done.stdout.contains(#""dropped":["0007"]"#), "\(done)")
                let list = try await cli.run("--offline", "--json", "list")
                #expect(list.status == 0 && !list.stdout.contains(#""0007""#), "\(list)")
            }
        }
    }
}
