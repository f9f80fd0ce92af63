import Foundation
import Testing

extension CLITests {
    @Suite("Reading commands against a server named by --server")
    struct ReadCommandTests {
        @Test(
            "list --json prints items of id, code_name, powers and team, with page, per_page, total and stale"
        )
        func listJSON() async throws {
            try await withMockServer { server in
                let run = try await CLI.editor(of: server.baseURL).run(
                    "list", "--json", "--per-page", "5", "--page", "2")
                #expect(run.status == 0, "\(run)")
                let json = try run.json()
                #expect(Set(json.keys) == ["items", "page", "per_page", "total", "stale"])
                #expect(json["page"] as? Int == 2)
                #expect(json["per_page"] as? Int == 5)
                #expect(json["total"] as? Int == 44)
                #expect(json["stale"] as? Bool == false)
                let items = try #require(json["items"] as? [[String: Any]])
                #expect(items.count == 5)
                for item in items {
                    #expect(Set(item.keys) == ["id", "code_name", "powers", "team"])
                }
                let names = items.compactMap { $0["code_name"] as? String }
                #expect(names == names.sorted { $0.lowercased() < $1.lowercased() })
            }
        }

        @Test("list prints an aligned table, the page line, and cuts rows to COLUMNS")
        func listText() async throws {
            try await withMockServer { server in
                let run = try await CLI.editor(of: server.baseURL).run(
                    "list", "--per-page", "3", environment: ["COLUMNS": "40"])
                #expect(run.status == 0, "\(run)")
                let lines = run.stdout.split(separator: "\n").map(String.init)
                #expect(lines.contains { $0.hasPrefix("ID") && $0.contains("CODE NAME") })
                #expect(lines.contains("page 1 of 15 · 44 heroes · next: page 2"))
                #expect(lines.allSatisfy { $0.count <= 40 }, "\(lines)")
                #expect(!run.stdout.contains("\u{1B}["), "no colour on a pipe")
            }
        }

        @Test("list --team and --search narrow the page the way the server filters it")
        func listFilters() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let team = try await cli.run("list", "--team", "paper-moths", "--json").json()
                let teams = (team["items"] as? [[String: Any]] ?? []).map {
                    ($0["team"] as? [String: Any])?["id"] as? String
                }
                #expect(!teams.isEmpty && teams.allSatisfy { $0 == "paper-moths" })
                let search = try await cli.run("--json", "list", "--search", "WIND").json()
                let viaSearch = try await cli.run("search", "wind", "--json").json()
                #expect(search["total"] as? Int == 3)
                #expect(
                    (search["items"] as? [[String: Any]])?.count
                        == (viaSearch["items"] as? [[String: Any]])?.count)
                let requests = server.requests().map { $0.query ?? "" }
                #expect(requests.contains { $0.contains("team=paper-moths") })
                #expect(requests.contains { $0.contains("q=WIND") })
            }
        }

        @Test("search with no match says so and exits 0")
        func searchNothing() async throws {
            try await withMockServer { server in
                let run = try await CLI.editor(of: server.baseURL).run("search", "zzzz-no-such-hero")
                #expect(run.status == 0, "\(run)")
                #expect(run.stdout.lowercased().contains("no heroes"))
            }
        }

        @Test("show --json prints the hero with the real name the key opens, and null without a key")
        func showJSON() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let json = try await cli.run("show", "0007", "--json").json()
                #expect(
                    Set(json.keys) == [
                        "id", "code_name", "real_name", "powers", "team", "picture_url", "updated_at",
                        "stale",
                    ])
                #expect(json["id"] as? String == "0007")
                #expect(json["real_name"] as? String == "Tomas Brandt")
                #expect(json["picture_url"] as? String == "/v1/heroes/0007/picture")
                #expect(json["updated_at"] as? String == "2026-11-08T15:49:00Z")
                let classified = try await cli.run(
                    "show", "0007", "--json", environment: ["HEROES_CLEARANCE_KEY": ""]
                ).json()
                #expect(classified["real_name"] is NSNull)
                let wrongKey = String(repeating: "A", count: 43) + "="
                let text = try await cli.run("show", "0007", "--key", wrongKey)
                #expect(text.status == 0, "\(text)")
                #expect(text.stdout.contains("classified"))
                #expect(!text.stdout.contains("Tomas Brandt"))
            }
        }

        @Test("teams lists every team by name, in text and JSON")
        func teams() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let text = try await cli.run("teams")
                #expect(text.status == 0, "\(text)")
                #expect(text.stdout.contains("Paper Moths"))
                let json = try await cli.run("teams", "--json")
                #expect(json.stdout.contains("\"paper-moths\""), "\(json)")
            }
        }
    }
}
