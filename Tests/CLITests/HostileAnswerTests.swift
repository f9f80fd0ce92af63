import Foundation
import Testing

extension CLITests {
    /// Answers a hostile server may give that look right and are not: another hero than the one
    /// asked for, an entity tag a terminal or a header would act on; and words on the command line
    /// that cannot be sent as they are.
    @Suite("Hostile answers and words that cannot be sent")
    struct HostileAnswerTests {
        /// Hero `id` as the contract spells it.
        static func hero(_ id: String, codeName: String = "Other") -> Data {
            Data(
                (#"{"id":"\#(id)","code_name":"\#(codeName)","encrypted_real_name":null,"powers":[],"#
                    + #""picture_url":null,"team":null,"updated_at":"2026-12-01T10:00:00Z","version":1}"#)
                    .utf8)
        }

        static func head(_ status: String, etag: String) -> String {
            "HTTP/1.1 \(status)\nContent-Type: application/json\nETag: \(etag)\nContent-Length: LENGTH\n\n"
        }

        @Test(
            "show 0007 answered with hero 0008, or with an ETag holding a control character, is bad data (65), never cached",
            arguments: [
                ("\"0008-1\"", "0008", "asked for hero 0007, the server answered with hero 0008"),
                ("\"0007-1\u{1B}[2J\"", "0007", "ETag holds a control character"),
            ])
        func hostileHeroAnswer(etag: String, id: String, reason: String) async throws {
            let server = try CannedServer(head: Self.head("200 OK", etag: etag), body: Self.hero(id))
            let cli = try CLI(environment: ["HEROES_SERVER": server.url.absoluteString])
            let run = try await cli.run("show", "0007")
            #expect(run.status == 65, "\(run)")
            #expect(run.stderr.contains(reason), "\(run)")
            for cached in ["0007", "0008"] {
                let offline = try await cli.run("--offline", "show", cached)
                #expect(offline.status == 69, "nothing cached: \(offline)")
            }
        }

        @Test("a server hero whose id is local-1 never collides with a hero created offline (local.1)")
        func serverIDLikeADraft() async throws {
            let page = Data(
                #"{"items":[\#(String(decoding: Self.hero("local-1", codeName: "Served"), as: UTF8.self))],"page":1,"per_page":20,"total":1}"#
                    .utf8)
            let server = try CannedServer(
                head: "HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: LENGTH\n\n",
                body: page)
            let cli = try CLI(environment: ["HEROES_SERVER": server.url.absoluteString])
            #expect(try await cli.run("list").status == 0)
            let draft = try await cli.run("--offline", "--json", "create", "--code-name", "Drafted")
            #expect(draft.status == 0, "\(draft)")
            #expect(try draft.json()["id"] as? String == "local.1", "\(draft)")
            let served = try await cli.run("--offline", "show", "local-1")
            #expect(served.stdout.contains("Served"), "the server's hero is still there: \(served)")
            let list = try await cli.run("--offline", "list")
            #expect(list.stdout.components(separatedBy: "Drafted").count == 2, "the draft once: \(list)")
            #expect(list.stdout.contains("Served"), "\(list)")
        }

        @Test("a create answered with another hero is bad data (65), not shown as the one created")
        func anotherHeroCreated() async throws {
            let server = try CannedServer(
                head: Self.head("201 Created", etag: "\"0008-1\""), body: Self.hero("0008", codeName: "Other")
            )
            let run = try await CLI.editor(of: server.url).run("create", "--code-name", "Basalt Prime")
            #expect(run.status == 65, "\(run)")
            #expect(run.stdout.isEmpty, "\(run)")
            #expect(run.stderr.contains("was answered with hero 0008"), "\(run)")
        }

        @Test("a 429 is the server limiting requests: retried within the deadline, then 69 naming the limit")
        func rateLimited() async throws {
            let server = try CannedServer(
                head: "HTTP/1.1 429 Too Many Requests\nRetry-After: 0\nContent-Length: 0\n\n")
            let run = try await CLI(environment: ["HEROES_SERVER": server.url.absoluteString]).run(
                "show", "0007")
            #expect(run.status == 69, "\(run)")
            #expect(run.stderr.contains("limiting requests (429)"), "\(run)")
            #expect(!run.stderr.contains("bad data"), "\(run)")
        }

        @Test("a page number past the bundled server's limit is refused naming the real limit")
        func pageLimit() async throws {
            let run = try await CLI().run("list", "--page", "9223372036854775807")
            #expect(run.status != 0, "\(run)")
            #expect(run.stderr.contains("from 1 to 1000000000"), "\(run)")
        }

        @Test("a search term too long for a request head is refused (64) before anything is sent")
        func searchTooLong() async throws {
            try await withMockServer { server in
                let before = server.lastSequence
                let run = try await CLI.editor(of: server.baseURL).run(
                    "list", "--search", String(repeating: "x", count: 100_000))
                #expect(run.status == 64, "\(run)")
                #expect(run.stderr.contains("must be at most 2000 bytes"), "\(run)")
                #expect(server.requests(since: before).isEmpty, "nothing was sent")
            }
        }

        @Test("a user holding ':' is a usage error (64): Basic credentials cannot carry it")
        func colonInUser() async throws {
            for run in [
                try await CLI(environment: ["HEROES_USER": "ed:itor"]).run("list"),
                try await CLI().run("--user", "ed:itor", "list"),
            ] {
                #expect(run.status == 64, "\(run)")
                #expect(run.stderr.contains("must not hold ':'"), "\(run)")
            }
        }

        @Test("a word that is not UTF-8 is a usage error (64) naming its position, not a U+FFFD sent on")
        func invalidUTF8Argument() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let before = server.lastSequence
                let run = try await Shell.bash.run(
                    #"heroes-cli create --code-name $'Bad\xffName'"# + "\n", loading: "", cli: cli)
                #expect(run.status == 64, "\(run)")
                #expect(run.stderr.contains("argument 3 is not valid UTF-8"), "\(run)")
                #expect(server.requests(since: before).isEmpty, "nothing was sent")
            }
        }
    }
}
