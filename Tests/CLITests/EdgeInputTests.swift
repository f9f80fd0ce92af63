import Foundation
import MockServerKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CLITests {
    /// Words a typo or a stranger can put in a command line or an answer, each with the exit and
    /// the line a user would expect.
    @Suite("Edge input: ports, empty paths, long ids, our own large request, a read asked for credentials")
    struct EdgeInputTests {
        @Test(
            "a bad port or an empty path is a usage error (64), before anything is made or sent",
            arguments: [
                ["--server", "http://127.0.0.1:99999", "list"], ["--server", "http://127.0.0.1:0", "list"],
                ["--cache-dir", "", "list"], ["picture", "0007", "--output", ""],
            ])
        func usage(arguments: [String]) async throws {
            let cli = try CLI()
            let run = try await cli.run(arguments)
            #expect(run.status == 64, "\(run)")
            #expect(!FileManager.default.fileExists(atPath: cli.home.appendingPathComponent("0007.png").path))
        }

        /// Whether this machine lets a process mount a tmpfs in a mount namespace of its own
        /// (root with the capability, as CI runs); the mount is gone when the namespace ends.
        static let canMountTmpfs: Bool = {
            guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
                return false
            }
            let probe = Process()
            probe.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
            probe.arguments = ["-m", "/bin/sh", "-c", "mount -t tmpfs -o size=4k tmpfs /mnt"]
            probe.standardError = FileHandle.nullDevice
            guard (try? probe.run()) != nil else { return false }
            probe.waitUntilExit()
            return probe.terminationStatus == 0
        }()

        @Test(
            "a full disk under the SQLite store says the disk is full (73), not only an SQLite code",
            .enabled(if: canMountTmpfs, "needs root, to mount a 40 KiB tmpfs in a namespace of its own"))
        func fullDisk() async throws {
            try await withMockServer { server in
                let cli = try CLI()
                let disk = cli.home.appendingPathComponent("tiny")
                try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
                process.arguments = [
                    "-m", "/bin/sh", "-c", #"mount -t tmpfs -o size=40k tmpfs "$1" && shift && exec "$@""#,
                    "sh",
                    disk.path, try CLI.binary().path, "--config", try #require(AppStore.sqlite.appPlist).path,
                    "--cache-dir", disk.path, "--server", server.baseURL.absoluteString, "sync",
                ]
                process.environment = cli.environment
                let errors = Pipe()
                process.standardError = errors
                process.standardOutput = FileHandle.nullDevice
                try process.run()
                let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                #expect(process.terminationStatus == 73, "\(text)")
                #expect(text.contains("the disk is full"), "\(text)")
            }
        }

        @Test("a page number at Int.max lists an empty page from the synced cache, for list and search")
        func lastPageOffline() async throws {
            let cli = try CLI()
            #expect(try await cli.run("sync").status == 0)
            for search in [[], ["--search", "o"]] {
                let run = try await cli.run(["--offline", "list", "--page", "9223372036854775807"] + search)
                #expect(run.status == 0, "\(search): \(run)")
                #expect(!run.stdout.contains("0007"), "\(run)")
            }
        }

        @Test("a row number at Int.min or Int.max typed in the console is no row, not a trap")
        func consoleRowNumbers() async throws {
            let script = ["-9223372036854775808", "9223372036854775807", "q"].map { $0 + "\n" }.joined()
            let run = try await CLI().run([], environment: ["HEROES_CONSOLE": "1"], input: script)
            #expect(run.status == 0, "\(run)")
        }

        @Test("a 60,000-character bad id is echoed cut, with its size")
        func longID() async throws {
            // Past one argument's limit (128 KiB) the system refuses the run: 60,000 two-byte letters.
            let run = try await CLI().run("show", String(repeating: "é", count: 60_000))
            #expect(run.status == 64, "\(run)")
            #expect(run.stderr.count < 1_000, "\(run.stderr.count) characters")
            #expect(run.stderr.contains("(120000 bytes)"), "\(run)")
        }

        @Test("the user's own search text with CR and LF is shown on one line, escaped")
        func searchWithLineBreaks() async throws {
            let run = try await CLI().run("list", "--search", "wind\r\n\u{1B}[2J")
            #expect(run.status == 0, "\(run)")
            #expect(
                !run.stdout.contains("\r") && !run.stdout.contains("\u{1B}[2J"),
                "\(run.stdout.debugDescription)")
        }

        @Test("a redirect to file: is not followed and says so (65), not 'too many redirects'")
        func redirectToFile() async throws {
            let server = try CannedServer(
                head: "HTTP/1.1 302 Found\nLocation: file:///etc/passwd\nContent-Length: 0\n\n")
            let run = try await CLI(environment: ["HEROES_SERVER": server.url.absoluteString]).run(
                "show", "0007")
            #expect(run.status == 65, "\(run)")
            #expect(run.stderr.contains("redirect") && !run.stderr.contains("too many"), "\(run)")
            #expect(!run.stdout.contains("root:"), "\(run)")
        }

        @Test("a picture path past 8000 bytes makes its hero bad data (65), never a request line")
        func longPicturePath() async throws {
            let hero =
                #"{"id":"0007","code_name":"Other","encrypted_real_name":null,"powers":[],"team":null,"#
                + #""picture_url":"/\#(String(repeating: "p", count: 9000))","updated_at":"2026-12-01T10:00:00Z","version":1}"#
            let server = try CannedServer(
                head: "HTTP/1.1 200 OK\nContent-Type: application/json\nContent-Length: LENGTH\n\n",
                body: Data(hero.utf8))
            let run = try await CLI(environment: ["HEROES_SERVER": server.url.absoluteString]).run(
                "show", "0007")
            #expect(run.status == 65, "\(run.stderr.prefix(300))")
            #expect(run.stderr.contains("8000") && run.stderr.count < 2_000, "\(run.stderr.prefix(300))")
        }

        @Test("a 431 to our own request says the request was too large, not that the server sent bad data")
        func ourRequestTooLarge() async throws {
            let server = try CannedServer(
                head: "HTTP/1.1 431 Request Header Fields Too Large\nContent-Length: 0\n\n")
            let run = try await CLI(environment: ["HEROES_SERVER": server.url.absoluteString]).run(
                "show", "0007")
            #expect(!run.stderr.contains("bad data"), "\(run)")
            #expect(run.stderr.contains("431"), "\(run)")
        }

        @Test("a 401 to a picture read is bad data, not a call for an editor account")
        func pictureAskedForCredentials() async throws {
            try await withMockServer { server in
                try server.addFault(
                    FaultRule(method: "GET", path: "/v1/heroes/0007/picture", fault: "status:401", times: 5))
                let cli = try CLI.editor(of: server.baseURL)
                let run = try await cli.run(
                    "picture", "0007", "--output", cli.home.appendingPathComponent("p.png").path)
                #expect(run.status == 65, "\(run)")
                #expect(run.stderr.contains("credentials to read a picture"), "\(run)")
                #expect(!run.stderr.contains("editor account"), "\(run)")
            }
        }
    }
}
