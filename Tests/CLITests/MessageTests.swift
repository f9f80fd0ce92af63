import Foundation
import Testing

extension CLITests {
    @Suite("Messages that point the right way")
    struct MessageTests {
        @Test("--offline with nothing cached says so and says to sync, instead of advising --offline")
        func offlineEmptyCache() async throws {
            let run = try await CLI().run("list", "--offline", "--server", "http://127.0.0.1:9")
            #expect(run.status == 69, "\(run)")
            #expect(run.stderr.contains("nothing is cached for http://127.0.0.1:9 yet"), "\(run)")
            #expect(run.stderr.contains("heroes-cli sync"), "\(run)")
            #expect(!run.stderr.contains("use --offline"), "\(run)")
        }

        @Test(
            "a download to a path that cannot be written is 73, naming the path and the reason",
            arguments: [("/no/such/dir/x.png", "No such file or directory"), ("/tmp", "it is a folder")])
        func localFile(path: String, reason: String) async throws {
            try await withMockServer { server in
                let before = server.lastSequence
                let run = try await CLI.editor(of: server.baseURL).run("picture", "0007", "--output", path)
                #expect(run.status == 73, "\(run)")
                #expect(run.stderr.contains(path) && run.stderr.contains(reason), "\(run)")
                #expect(
                    !run.stderr.contains("NSCocoaErrorDomain") && !run.stderr.contains("unavailable"),
                    "\(run)")
                #expect(server.requests(since: before).isEmpty, "nothing was fetched")
            }
        }

        @Test("an unknown --team is a usage error listing the valid team ids")
        func unknownTeam() async throws {
            try await withMockServer { server in
                let run = try await CLI.editor(of: server.baseURL).run("list", "--team", "nope")
                #expect(run.status == 64, "\(run)")
                #expect(run.stderr.contains("'nope' is not a team"), "\(run)")
                #expect(run.stderr.contains("dawn-guard") && run.stderr.contains("tide-keepers"), "\(run)")
                let known = try await CLI.editor(of: server.baseURL).run("list", "--team", "dawn-guard")
                #expect(known.status == 0, "\(known)")
            }
        }

        @Test("a page past the end says how many pages there are")
        func pagePastEnd() async throws {
            try await withMockServer { server in
                let run = try await CLI.editor(of: server.baseURL).run("list", "--page", "9")
                #expect(run.status == 0, "\(run)")
                #expect(run.stdout.contains("No heroes on page 9: there are 3 pages."), "\(run)")
            }
        }
    }
}
