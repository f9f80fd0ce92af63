import Foundation
import MockServerKit
import Testing

extension CLITests {
    @Suite("Exit codes, as sysexits says and scripts check")
    struct ExitCodeTests {
        @Test(
            "64: a bad command line, naming the bad word, then the usage",
            arguments: [
                (["list", "--page", "zero"], "--page"),
                (["list", "--bogus"], "--bogus"),
                (["frobnicate"], "frobnicate"),
                (["show"], "ID"),
                (["show", "0007", "extra"], "extra"),
                (["show", "not/an/id"], "not/an/id"),
                (["list", "--per-page", "500"], "--per-page"),
                (["--server", "ftp://example.com", "list"], "ftp://example.com"),
            ])
        func usage(arguments: [String], named: String) async throws {
            let run = try await CLI().run(arguments)
            #expect(run.status == 64, "\(run)")
            #expect(run.stderr.contains(named), "\(run)")
            #expect(run.stderr.contains("USAGE:"), "\(run)")
            #expect(run.stdout.isEmpty)
        }

        @Test(
            "64: --password is refused wherever it stands, with a hint to use HEROES_PASSWORD",
            arguments: [
                ["--password", "secret", "list"], ["create", "--code-name", "X", "--password=secret"],
            ])
        func password(arguments: [String]) async throws {
            let run = try await CLI().run(arguments)
            #expect(run.status == 64, "\(run)")
            #expect(run.stderr.contains("HEROES_PASSWORD"))
            #expect(!run.stderr.contains("secret"))
        }

        @Test("65: a body that breaks the contract")
        func badData() async throws {
            try await withMockServer { server in
                _ = try server.addFault(
                    FaultRule(method: "GET", path: "/v1/heroes/0007", fault: "malformed-json", times: 10))
                let run = try await CLI.editor(of: server.baseURL).run("show", "0007")
                #expect(run.status == 65, "\(run)")
                #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run)")
            }
        }

        @Test("66: a hero that does not exist")
        func notFound() async throws {
            try await withMockServer { server in
                let run = try await CLI.editor(of: server.baseURL).run("show", "9999", "--json")
                #expect(run.status == 66, "\(run)")
                let error = try #require(try run.json()["error"] as? [String: Any])
                #expect(error["code"] as? String == "not_found")
                #expect(error["message"] is String)
            }
        }

        @Test("69: no server and no cache that can answer")
        func unavailable() async throws {
            let server = MockServer(configuration: MockServerConfiguration())
            try await server.start()
            let url = server.baseURL
            await server.stop()
            let run = try await CLI.editor(of: url).run("list")
            #expect(run.status == 69, "\(run)")
            #expect(
                run.stderr.contains("--offline") || run.stderr.contains("--server"), "names what to do next")
            let offline = try await CLI().run("--offline", "list")
            #expect(offline.status == 69, "\(offline)")
        }

        @Test("73: a cache directory that cannot be written")
        func cannotCreate() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let blocker = cli.home.appendingPathComponent("a-file")
                try Data("x".utf8).write(to: blocker)
                let run = try await cli.run("list", "--cache-dir", blocker.path)
                #expect(run.status == 73, "\(run)")
                #expect(run.stderr.contains("--cache-dir"))
            }
        }

        @Test("75: a taken code name, and a hero changed since it was read")
        func conflicts() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let taken = try await cli.run("create", "--code-name", "basalt")
                #expect(taken.status == 75, "\(taken)")
                _ = try server.addFault(
                    FaultRule(method: "PUT", path: "/v1/heroes/0007", fault: "status:412"))
                let stale = try await cli.run("update", "0007", "--power", "Folding")
                #expect(stale.status == 75, "\(stale)")
                #expect(stale.stderr.contains("show the hero again"), "\(stale)")
            }
        }

        @Test("77: a wrong password, and a viewer who may not write; the password is never printed")
        func permission() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let wrong = try await cli.run(
                    "delete", "0007", "--json", environment: ["HEROES_PASSWORD": "not-the-password"])
                #expect(wrong.status == 77, "\(wrong)")
                #expect(
                    !wrong.stdout.contains("not-the-password") && !wrong.stderr.contains("not-the-password"))
                let viewer = try await cli.run(
                    "delete", "0007",
                    environment: ["HEROES_USER": "viewer", "HEROES_PASSWORD": "viewer-demo-password"])
                #expect(viewer.status == 77, "\(viewer)")
                let nobody = try await cli.run(
                    "delete", "0007", environment: ["HEROES_USER": "", "HEROES_PASSWORD": ""])
                #expect(nobody.status == 77, "\(nobody)")
                #expect(nobody.stderr.contains("HEROES_USER"))
                let noPassword = try await cli.run("delete", "0007", environment: ["HEROES_PASSWORD": ""])
                #expect(noPassword.status == 77, "no terminal to ask on: \(noPassword)")
                #expect(try await cli.run("show", "0007").status == 0, "nothing was deleted")
            }
        }

        @Test("1: an app plist that names an unknown class, with its file and key path")
        func badConfig() async throws {
            let cli = try CLI()
            let plist = cli.home.appendingPathComponent("Broken.plist")
            let text = try String(contentsOf: SourceTree.appPlist, encoding: .utf8)
                .replacingOccurrences(
                    of: "<string>RemoteHeroDataSource</string>", with: "<string>ShieldAPIService</string>")
            try text.write(to: plist, atomically: true, encoding: .utf8)
            let run = try await cli.run("--offline", "--config", plist.path, "list")
            #expect(run.status == 1, "\(run)")
            #expect(
                run.stderr.contains(
                    "Broken.plist: HeroUseCases.repository.remoteDataSource.className: "
                        + "unknown remote data source class 'ShieldAPIService'"), "\(run)")
        }
    }
}
