import Foundation
import Testing

extension CLITests {
    @Suite("lint: the app plist and its service plists, checked without sending anything")
    struct LintTests {
        @Test("the bundled plist passes and every endpoint gets a curl line")
        func bundled() async throws {
            let run = try await CLI().run("lint")
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout.contains("ok, 2 use-case sets, 2 services"))
            for endpoint in [
                "heroes", "hero", "teams", "createHero", "replaceHero", "deleteHero", "picture", "putPicture",
            ] {
                #expect(run.stdout.contains("  \(endpoint): curl "), "\(endpoint)")
            }
            #expect(run.stdout.contains("http://127.0.0.1:8080/v1/heroes/0007"))
        }

        @Test(
            "a broken plist is named with its file and key path",
            arguments: [
                (
                    "<key>folder</key>", "<key>foldr</key>",
                    "HeroUseCases.repository.store.foldr: unknown key"
                ),
                (
                    "<string>HeroService</string>", "<string>NoSuchService</string>",
                    "networkServiceConfiguration.catalog"
                ),
                ("<integer>15</integer>", "<string>fifteen</string>", "deadlineSeconds: must be a number"),
                ("<integer>15</integer>", "<true/>", "deadlineSeconds: must be a number"),
                (
                    "<key>heroUseCases</key>", "<key>heroManagr</key>",
                    "PictureUseCases.heroManagr: unknown key"
                ),
                (
                    "<string>basic</string>",
                    "<string>basic</string><key>transport</key><string>pigeon</string>",
                    "networkServiceConfiguration.transport: must be curl or urlsession, not 'pigeon'"
                ),
            ])
        func broken(original: String, replacement: String, expected: String) async throws {
            let cli = try CLI()
            let file = cli.home.appendingPathComponent("Mine.plist")
            let text = try String(contentsOf: SourceTree.appPlist, encoding: .utf8)
            #expect(text.contains(original))
            try text.replacingOccurrences(of: original, with: replacement).write(
                to: file, atomically: true, encoding: .utf8)
            let run = try await cli.run("lint", file.path)
            #expect(run.status == 1, "\(run)")
            #expect(run.stderr.contains("Mine.plist: "), "\(run)")
            #expect(run.stderr.contains(expected), "\(run)")
        }

        @Test("a whole number is a number, 1 included: Linux says an integer 1 `is Bool`")
        func integerOne() async throws {
            let cli = try CLI()
            let file = cli.home.appendingPathComponent("Mine.plist")
            let text = try String(contentsOf: SourceTree.appPlist, encoding: .utf8)
            try text.replacingOccurrences(of: "<integer>15</integer>", with: "<integer>1</integer>").write(
                to: file, atomically: true, encoding: .utf8)
            let run = try await cli.run("lint", file.path)
            #expect(run.status == 0, "\(run)")
        }

        /// The app plist, with its service naming `transport`.
        static func plist(naming transport: String, in cli: CLI) throws -> URL {
            let file = cli.home.appendingPathComponent("Transport.plist")
            let text = try String(contentsOf: SourceTree.appPlist, encoding: .utf8)
            try text.replacingOccurrences(
                of: "<string>basic</string>",
                with: "<string>basic</string><key>transport</key><string>\(transport)</string>"
            ).write(to: file, atomically: true, encoding: .utf8)
            return file
        }

        @Test(
            "a service may name its transport, and a read goes through it",
            arguments: CLITests.libcurlIsDefault ? ["curl", "urlsession"] : ["urlsession"])
        func transportChoice(transport: String) async throws {
            let cli = try CLI()
            let file = try Self.plist(naming: transport, in: cli)
            #expect(try await cli.run("lint", file.path).status == 0)
            let run = try await cli.run("--config", file.path, "show", "0007", "--json")
            #expect(run.status == 0, "\(run)")
            #expect(try run.json()["id"] as? String == "0007", "\(run)")
        }

        @Test(
            "off Linux, a service naming curl is refused by lint and at start, saying it is for Linux only",
            .enabled(if: !CLITests.libcurlIsDefault))
        func curlOffLinux() async throws {
            let cli = try CLI()
            let file = try Self.plist(naming: "curl", in: cli)
            for run in [
                try await cli.run("lint", file.path),
                try await cli.run("--config", file.path, "show", "0007"),
            ] {
                #expect(run.status != 0, "\(run)")
                #expect(run.stderr.contains("networkServiceConfiguration.transport: "), "\(run)")
                #expect(run.stderr.contains("for Linux only"), "\(run)")
                #expect(run.stdout.isEmpty, "\(run)")
            }
        }

        @Test("--version names the transport this build sends with")
        func versionNamesTransport() async throws {
            let run = try await CLI().run("--version")
            #expect(run.status == 0, "\(run)")
            let lines = run.stdout.split(separator: "\n")
            #expect(lines.first?.hasPrefix("heroes-cli ") == true, "\(run)")
            let expected = CLITests.libcurlIsDefault ? "transport: libcurl " : "transport: URLSession"
            #expect(lines.last?.hasPrefix(expected) == true, "\(run)")
        }

        /// Found writing `fuzz-app-plist`'s seeds (Fuzz/README.md): a manager naming itself as its
        /// `heroUseCases` was built again inside its own factory until the stack overflowed.
        @Test("a manager that needs itself is refused with its key path, not built until the stack runs out")
        func managerThatNeedsItself() async throws {
            let cli = try CLI()
            let file = cli.home.appendingPathComponent("Cycle.plist")
            let original = "<key>heroUseCases</key>\n        <string>HeroUseCases</string>"
            let text = try String(contentsOf: SourceTree.appPlist, encoding: .utf8)
            #expect(text.contains(original))
            try text.replacingOccurrences(
                of: original, with: "<key>heroUseCases</key>\n        <string>PictureUseCases</string>"
            ).write(to: file, atomically: true, encoding: .utf8)
            let run = try await cli.run("lint", file.path)
            #expect(run.status == 1, "\(run)")
            #expect(
                run.stderr.contains(
                    "Cycle.plist: PictureUseCases.heroUseCases: 'PictureUseCases' needs itself"),
                "\(run)")
        }

        @Test("a service plist given by path is checked too, naming its endpoint and key")
        func servicePlistByPath() async throws {
            let cli = try CLI()
            let app = cli.home.appendingPathComponent("App.plist")
            let text = try String(contentsOf: SourceTree.appPlist, encoding: .utf8)
                .replacingOccurrences(
                    of: "<string>HeroService</string>", with: "<string>Service.plist</string>")
            try text.write(to: app, atomically: true, encoding: .utf8)
            let service = try String(
                contentsOf: SourceTree.appPlist.deletingLastPathComponent()
                    .deletingLastPathComponent()
                    .appendingPathComponent("Data/Remote/HeroService.plist"), encoding: .utf8)
            try service.write(
                to: cli.home.appendingPathComponent("Service.plist"), atomically: true, encoding: .utf8)
            #expect(try await cli.run("lint", app.path).status == 0)
            try service.replacingOccurrences(
                of: "<key>method</key><string>PUT</string>", with: "<key>method</key><string>FETCH</string>"
            )
            .write(to: cli.home.appendingPathComponent("Service.plist"), atomically: true, encoding: .utf8)
            let run = try await cli.run("lint", app.path)
            #expect(run.status == 1, "\(run)")
            #expect(run.stderr.contains("Service.plist"), "\(run)")
        }

        @Test("the bundled SQLite plist passes too, by itself and in a lint of everything bundled")
        func sqlitePlist() async throws {
            let bundled = try await CLI().run("lint")
            #expect(
                bundled.stdout.contains("Heroes.plist (bundled): ok, 2 use-case sets, 2 services"),
                "\(bundled)")
            #expect(
                bundled.stdout.contains("Heroes-SQLite.plist (bundled): ok, 2 use-case sets, 2 services"),
                "\(bundled)")
            let file = try await CLI().run("lint", SourceTree.sqlitePlist.path)
            #expect(file.status == 0 && file.stdout.contains("Heroes-SQLite.plist: ok"), "\(file)")
        }

        @Test("Heroes-SQLite.plist is Heroes.plist with another store entry, and nothing else")
        func sqlitePlistDiffersInTheStoreOnly() throws {
            let json = try String(contentsOf: SourceTree.appPlist, encoding: .utf8)
            let sqlite = try String(contentsOf: SourceTree.sqlitePlist, encoding: .utf8)
            let store = { (className: String, folder: String) in
                "<string>\(className)</string>\n                <key>folder</key>\n                <string>\(folder)</string>"
            }
            #expect(json.contains(store("JSONFileHeroStore", "heroes-store")))
            #expect(
                json.replacingOccurrences(
                    of: store("JSONFileHeroStore", "heroes-store"),
                    with: store("SQLiteHeroStore", "heroes-sqlite"))
                    == sqlite)
        }

        @Test("an unknown store is refused with its key path and the stores there are")
        func unknownStore() async throws {
            let cli = try CLI()
            let file = cli.home.appendingPathComponent("Mine.plist")
            try String(contentsOf: SourceTree.appPlist, encoding: .utf8)
                .replacingOccurrences(
                    of: "<string>JSONFileHeroStore</string>", with: "<string>CoreDataStore</string>"
                )
                .write(to: file, atomically: true, encoding: .utf8)
            let run = try await cli.run("lint", file.path)
            #expect(run.status == 1, "\(run)")
            #expect(
                run.stderr.contains(
                    "HeroUseCases.repository.store.className: unknown store class 'CoreDataStore'; "
                        + "known: JSONFileHeroStore, SQLiteHeroStore"), "\(run)")
        }
    }
}
