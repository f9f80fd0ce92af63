import Foundation
import MockServerKit
import Testing

extension CLITests {
    @Suite("Heroes created offline behave like heroes")
    struct PendingCreateTests {
        @Test(
            "an offline create gets a short local id, is found by search, keeps a page at its size, and takes show, update and delete",
            arguments: AppStore.allCases)
        func pendingCreateIsAHero(store: AppStore) async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL, store: store)
                #expect(try await cli.run("sync").status == 0)
                let created = try await cli.run("--offline", "--json", "create", "--code-name", "Zed Wren")
                #expect(created.status == 0, "\(created)")
                let id = try #require(try created.json()["id"] as? String)
                #expect(id == "local.1", "a short id, numbered by the store")

                let found = try await cli.run("--offline", "--json", "search", "zed")
                let foundIDs = (try found.json()["items"] as? [[String: Any]])?.compactMap {
                    $0["id"] as? String
                }
                #expect(foundIDs == [id], "\(found)")

                let page = try await cli.run("--offline", "--json", "list", "--per-page", "3")
                let rows = try #require(try page.json()["items"] as? [[String: Any]], "\(page)")
                #expect(rows.count == 3, "a page of 3 shows 3 rows")
                #expect(rows.first?["id"] as? String == id)

                let table = try await cli.run("--offline", "list", "--per-page", "3")
                #expect(table.stdout.contains("\(id)  "), "the short id fits the table: \(table)")

                #expect(try await cli.run("--offline", "show", id).status == 0)
                let updated = try await cli.run("--offline", "--json", "update", id, "--power", "Gliding")
                #expect(try updated.json()["powers"] as? [String] == ["Gliding"], "\(updated)")
                #expect(try await cli.run("--offline", "delete", id).status == 0)
                let gone = try await cli.run("--offline", "show", id)
                #expect(gone.status == 66, "\(gone)")
            }
        }
    }
}
