import Foundation
import Testing

extension CLITests {
    @Suite("Writing commands as the demo editor")
    struct WriteCommandTests {
        @Test("create, update and delete go through, each shown as the server stored it")
        func lifecycle() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let created = try await cli.run(
                    "create", "--code-name", "Test Wren", "--real-name", "Ida Moss", "--power", "Song",
                    "--power",
                    "Flight",
                    "--team", "dawn-guard", "--json")
                #expect(created.status == 0, "\(created)")
                let hero = try created.json()
                let id = try #require(hero["id"] as? String)
                #expect(hero["real_name"] as? String == "Ida Moss")
                #expect(hero["powers"] as? [String] == ["Song", "Flight"])
                let post = try #require(server.requests().last { $0.method == "POST" })
                #expect(
                    !String(decoding: post.body, as: UTF8.self).contains("Ida Moss"),
                    "the real name leaves sealed")

                let updated = try await cli.run("update", id, "--power", "Echo", "--team", "", "--json")
                #expect(updated.status == 0, "\(updated)")
                let after = try updated.json()
                #expect(after["powers"] as? [String] == ["Echo"])
                #expect(after["team"] is NSNull)
                #expect(after["real_name"] as? String == "Ida Moss", "an edit keeps what it does not name")
                let put = try #require(server.requests().last { $0.method == "PUT" })
                #expect(
                    put.fields.contains { $0.name.lowercased() == "if-match" && $0.value == "\"\(id)-1\"" })

                let deleted = try await cli.run("delete", id)
                #expect(deleted.status == 0, "\(deleted)")
                #expect(try await cli.run("show", id).status == 66)
                #expect(try await cli.run("delete", id).status == 66)
            }
        }

        @Test(
            "show is one GET of the hero, conditional once stored; update is one GET and one PUT, no GET after"
        )
        func eachRequestOnce() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                func requests(after mark: Int) -> [String] {
                    server.requests(since: mark).map { "\($0.method) \($0.path)" }
                }
                func conditional(after mark: Int) -> [Bool] {
                    server.requests(since: mark).map { request in
                        request.fields.contains { $0.name.lowercased() == "if-none-match" }
                    }
                }

                var mark = server.lastSequence
                #expect(try await cli.run("show", "0007").status == 0)
                #expect(requests(after: mark) == ["GET /v1/heroes/0007"])

                mark = server.lastSequence
                #expect(try await cli.run("show", "0007").status == 0)
                #expect(requests(after: mark) == ["GET /v1/heroes/0007"])
                #expect(
                    conditional(after: mark) == [true], "the stored hero is revalidated, not fetched again")

                mark = server.lastSequence
                let updated = try await cli.run("update", "0007", "--power", "Echo", "--json")
                #expect(updated.status == 0, "\(updated)")
                #expect(requests(after: mark) == ["GET /v1/heroes/0007", "PUT /v1/heroes/0007"])
                #expect(
                    try updated.json()["real_name"] as? String == "Tomas Brandt",
                    "the kept name, opened from the PUT's answer")
            }
        }

        @Test(
            "create names each bad field and sends nothing",
            arguments: [
                (["create", "--code-name", String(repeating: "x", count: 81)], "code name"),
                (["create", "--code-name", "Ok", "--power", ""], "power"),
                (["create", "--code-name", " "], "code name"),
            ])
        func invalidFields(arguments: [String], field: String) async throws {
            try await withMockServer { server in
                let run = try await CLI.editor(of: server.baseURL).run(arguments)
                #expect(run.status == 64, "\(run)")
                #expect(run.stderr.lowercased().contains(field), "\(run)")
                #expect(!server.requests().contains { $0.method == "POST" })
            }
        }

        @Test(
            "create without --code-name and update without a change are usage errors",
            arguments: [
                ["create", "--power", "Flight"], ["update", "0007"],
            ])
        func missingChanges(arguments: [String]) async throws {
            try await withMockServer { server in
                let run = try await CLI.editor(of: server.baseURL).run(arguments)
                #expect(run.status == 64, "\(run)")
                #expect(run.stderr.contains("USAGE: heroes-cli \(arguments[0])"))
            }
        }

        @Test("picture saves the server's bytes to --output, and upload-picture sends a PNG back")
        func pictures() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let file = cli.home.appendingPathComponent("owl.png")
                let download = try await cli.run("picture", "0007", "--output", file.path)
                #expect(download.status == 0, "\(download)")
                #expect(try Data(contentsOf: file) == (try fixturePicture("0007")))
                #expect(download.stderr.isEmpty, "no progress bar on a pipe: \(download.stderr)")

                let defaultName = try await cli.run("picture", "0001")
                #expect(defaultName.status == 0, "\(defaultName)")
                #expect(
                    FileManager.default.fileExists(atPath: cli.home.appendingPathComponent("0001.png").path))

                let upload = try await cli.run("upload-picture", "0002", file.path)
                #expect(upload.status == 0, "\(upload)")
                let put = try #require(
                    server.requests().last { $0.method == "PUT" && $0.path == "/v1/heroes/0002/picture" })
                #expect(put.body == (try fixturePicture("0007")))

                let notPNG = cli.home.appendingPathComponent("notes.png")
                try Data("not a picture".utf8).write(to: notPNG)
                let refused = try await cli.run("upload-picture", "0002", notPNG.path)
                #expect(refused.status == 64, "\(refused)")
            }
        }

        @Test("sync reports the change set, in text and JSON")
        func sync() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let first = try await cli.run("sync")
                #expect(first.status == 0, "\(first)")
                #expect(first.stdout.contains("44 inserted"), "\(first)")
                let again = try await cli.run("sync", "--json")
                #expect(again.status == 0, "\(again)")
                #expect(again.stdout.contains("unchanged"), "\(again)")
            }
        }
    }
}
