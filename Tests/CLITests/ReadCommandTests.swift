import Foundation
import MockServerKit
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

        @Test(
            "show prints a hero's motto, online, in JSON and offline from either store; a hero without one shows none"
        )
        func motto() async throws {
            try await withMockServer { server in
                for store in AppStore.allCases {
                    let cli = try CLI.editor(of: server.baseURL, store: store)
                    let motto = "The tide remembers what the shore forgets."
                    let card = try await cli.run("show", "0044")
                    #expect(card.stdout.contains("motto      \(motto)"), "\(card)")
                    #expect(try await cli.run("show", "0044", "--json").json()["motto"] as? String == motto)
                    #expect(try await cli.run("sync").status == 0)
                    let offline = try await cli.run("show", "0044", "--offline")
                    #expect(offline.stdout.contains("motto      \(motto)"), "\(store): \(offline)")
                    #expect(try await !cli.run("show", "0001").stdout.contains("motto"))
                }
            }
        }

        @Test("show --json prints the hero with the real name the key opens, and null without a key")
        func showJSON() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let json = try await cli.run("show", "0007", "--json").json()
                // The server's fields, the real name opened, and whether the answer is stale.
                var expected = try SourceTree.fixtureKeys(ofHero: "0007")
                #expect(expected.remove("encrypted_real_name") != nil)
                #expect(Set(json.keys) == expected.union(["real_name", "stale"]))
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

        @Test(
            "heroes whose secrets are damaged are synced, listed and shown, the name classified, and kept by an edit"
        )
        func damagedSecrets() async throws {
            let fixtures = try Self.fixtures { index, secret in
                // Not base64, too short to hold a nonce and a tag, and base64 without its padding.
                [#"%%%"#, "c2VhbGVk", String(secret.dropLast())][index % 3]
            }
            defer { try? FileManager.default.removeItem(at: fixtures.folder) }
            try await withMockServer(MockServerConfiguration(fixtures: .directory(fixtures.folder))) {
                server in
                let cli = try CLI.editor(of: server.baseURL)
                let sync = try await cli.run("sync", "--json")
                #expect(sync.status == 0, "\(sync)")
                #expect((try sync.json()["rejected"] as? [Any])?.isEmpty == true, "\(sync)")
                #expect((try sync.json()["inserted"] as? [String])?.count == 44, "\(sync)")

                let list = try await cli.run("list", "--json", "--per-page", "20")
                #expect((try list.json()["items"] as? [[String: Any]])?.count == 20, "\(list)")

                let damaged = try #require(fixtures.damaged.first)
                let json = try await cli.run("show", damaged, "--json")
                #expect(json.status == 0, "\(json)")
                #expect(try json.json()["real_name"] is NSNull)
                let text = try await cli.run("show", damaged)
                #expect(text.stdout.contains("real name  classified"), "\(text)")

                let updated = try await cli.run("update", damaged, "--power", "Echo")
                #expect(updated.status == 0, "\(updated)")
                let put = try #require(server.requests().last { $0.method == "PUT" })
                let body = try JSONSerialization.jsonObject(with: put.body) as? [String: Any]
                #expect(
                    body?["encrypted_real_name"] as? String == fixtures.secrets[damaged],
                    "sent back unchanged")
            }
        }

        /// A copy of the bundled fixtures whose first 12 secret identities are replaced by
        /// `damage`; the ids damaged, in order, and each one's damaged secret.
        private static func fixtures(damage: (Int, String) -> String) throws -> (
            folder: URL, damaged: [String], secrets: [String: String]
        ) {
            let bundled = try #require(MockServerConfiguration.bundledFixtures)
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("damaged-secrets-\(UUID().uuidString)")
            try FileManager.default.copyItem(at: bundled, to: folder)
            let file = folder.appendingPathComponent("heroes.json")
            var heroes = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]])
            var damaged: [String] = []
            var secrets: [String: String] = [:]
            for index in heroes.indices where damaged.count < 12 {
                guard let id = heroes[index]["id"] as? String,
                    let secret = heroes[index]["encrypted_real_name"] as? String
                else { continue }
                let broken = damage(damaged.count, secret)
                heroes[index]["encrypted_real_name"] = broken
                damaged.append(id)
                secrets[id] = broken
            }
            try JSONSerialization.data(withJSONObject: heroes).write(to: file)
            return (folder, damaged, secrets)
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
