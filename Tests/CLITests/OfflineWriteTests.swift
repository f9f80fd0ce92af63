import Foundation
import MockServerKit
import Testing

extension CLITests {
    @Suite("Offline writes: kept pending, pushed by sync")
    struct OfflineWriteTests {
        @Test(
            "with --offline, create, update and delete become pending changes shown as pending, and sync pushes them",
            arguments: AppStore.allCases)
        func offlineWritesArePushedBySync(store: AppStore) async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL, store: store)
                #expect(try await cli.run("show", "0007").status == 0)

                let created = try await cli.run(
                    "create", "--code-name", "Offline Wren", "--offline", "--json")
                #expect(created.status == 0, "\(created)")
                #expect(try created.json()["pending"] as? Bool == true)
                let localID = try #require(try created.json()["id"] as? String)
                #expect(localID.hasPrefix("local."))

                let updated = try await cli.run("update", "0007", "--power", "Offline power", "--offline")
                #expect(updated.status == 0, "\(updated)")
                #expect(updated.stdout.contains("pending"), "\(updated)")
                let shown = try await cli.run("show", "0007", "--offline", "--json")
                #expect(try shown.json()["pending"] as? Bool == true)
                #expect(try shown.json()["powers"] as? [String] == ["Offline power"])
                let deleted = try await cli.run("delete", "0012", "--offline", "--json")
                #expect(deleted.status == 0, "\(deleted)")
                #expect(try deleted.json()["pending"] as? Bool == true)
                #expect(!server.requests().contains { $0.method != "GET" }, "--offline sent nothing")

                let synced = try await cli.run("sync", "--json")
                #expect(synced.status == 0, "\(synced)")
                let pushed = try #require(try synced.json()["pushed"] as? [String])
                #expect(pushed.count == 3 && pushed.suffix(2) == ["0007", "0012"])
                #expect(
                    server.requests().filter { $0.method != "GET" }.map(\.method) == [
                        "POST", "PUT", "DELETE",
                    ])
                let after = try await cli.run("show", "0007", "--json")
                #expect(try after.json()["pending"] == nil, "synced: the documented shape, no pending key")
                #expect(try after.json()["powers"] as? [String] == ["Offline power"])
            }
        }
    }
}
