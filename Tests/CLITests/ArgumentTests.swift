import Foundation
import Testing

extension CLITests {
    @Suite("The command line: help, version, and global options anywhere")
    struct ArgumentTests {
        static let commands = [
            "list", "search", "show", "create", "update", "delete", "picture", "upload-picture", "teams",
            "sync",
            "demo", "serve", "lint",
        ]

        @Test("every command has --help, printed from its declaration", arguments: commands)
        func help(command: String) async throws {
            let run = try await CLI().run(command, "--help")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.hasPrefix("USAGE: heroes-cli \(command)"), "\(run)")
            #expect(run.stdout.contains("GLOBAL OPTIONS"))
        }

        @Test("with no command it prints the usage, listing every command, and exits 0")
        func usage() async throws {
            let run = try await CLI().run([])
            #expect(run.status == 0, "\(run)")
            for command in Self.commands { #expect(run.stdout.contains("  \(command) "), "\(command)") }
            #expect(run.stdout.contains("demo reset"))
        }

        @Test("--version prints the version")
        func version() async throws {
            let run = try await CLI().run("--version")
            #expect(run.status == 0)
            #expect(run.stdout.hasPrefix("heroes-cli "))
        }

        @Test("global options work before and after the command words, and with =")
        func globalsAnywhere() async throws {
            try await withMockServer { server in
                let cli = try CLI()
                let url = server.baseURL.absoluteString
                let before = try await cli.run("--json", "--server", url, "show", "0007")
                let after = try await cli.run("show", "0007", "--server=\(url)", "--json")
                #expect(before.status == 0, "\(before)")
                #expect(try before.json()["code_name"] as? String == "quillfeather")
                #expect(before.stdout == after.stdout)
                #expect(try before.json()["real_name"] is NSNull, "a named server gets no default key")
            }
        }

        @Test("an error under --json is {\"error\":{\"code\",\"message\"}} on standard output")
        func jsonError() async throws {
            let run = try await CLI().run("list", "--json", "--page", "0")
            #expect(run.status == 64)
            let error = try #require(try run.json()["error"] as? [String: Any])
            #expect(error["code"] as? String == "usage")
            #expect((error["message"] as? String)?.contains("--page") == true)
        }
    }
}
