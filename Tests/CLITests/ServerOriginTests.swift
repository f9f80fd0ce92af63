import Foundation
import MockServerKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CLITests {
    @Suite("The server: no password in its URL, a warning for clear text, a cache per origin, --verbose")
    struct ServerOriginTests {
        @Test(
            "a user name or password in --server or HEROES_SERVER is refused with 64, never repeated",
            arguments: [
                ["list", "--server", "http://editor:s3cret-pw@127.0.0.1:9"],
                ["list", "--server", "ftp://editor:s3cret-pw@127.0.0.1:9"],
                ["list", "--server", "http://s3cret-pw@127.0.0.1:9/v1"],
            ])
        func userInfoRefused(arguments: [String]) async throws {
            let run = try await CLI().run(arguments)
            #expect(run.status == 64, "\(run)")
            #expect(run.stderr.contains("--user") && run.stderr.contains("HEROES_PASSWORD"), "\(run)")
            #expect(!run.stderr.contains("s3cret-pw"), "the password is never repeated: \(run)")
            let fromEnvironment = try await CLI(environment: [
                "HEROES_SERVER": "https://editor:s3cret-pw@example.org"
            ]).run(["list"])
            #expect(fromEnvironment.status == 64, "\(fromEnvironment)")
            #expect(!fromEnvironment.stderr.contains("s3cret-pw"))
        }

        @Test(
            "two APIs under one origin keep two caches: an edit made for /staging is never pushed to the root"
        )
        func cachePerBasePath() async throws {
            try await withMockServer { server in
                let cli = try CLI.editor(of: server.baseURL)
                let staging = server.baseURL.appendingPathComponent("staging").absoluteString
                let offline = try await cli.run(
                    "--server", staging, "--offline", "create", "--code-name", "Staging Only")
                #expect(offline.status == 0, "kept pending for /staging: \(offline)")
                let before = server.lastSequence
                let sync = try await cli.run("sync")
                #expect(sync.status == 0, "\(sync)")
                #expect(
                    !server.requests(since: before).contains { $0.method == "POST" },
                    "the root's sync pushed nothing made for /staging")
            }
        }

        // Nothing listens on port 9: a request sent would end in 69, not 64.
        @Test(
            "a query or a fragment in --server is a usage error (64), said once, before anything is sent",
            arguments: [
                "http://127.0.0.1:9/api?", "http://127.0.0.1:9/api?x=1", "http://127.0.0.1:9/#",
                "http://127.0.0.1:9/v1#top",
            ])
        func queryOrFragmentRefused(base: String) async throws {
            for run in [
                try await CLI().run("--server", base, "delete", "0007"),
                try await CLI(environment: ["HEROES_SERVER": base]).run("delete", "0007"),
            ] {
                #expect(run.status == 64, "\(run)")
                let lines = run.stderr.split(separator: "\n")
                #expect(
                    lines.first?.contains("must not hold a query (?) or a fragment (#)") == true, "\(run)")
                #expect(lines.filter { $0.hasPrefix("error:") }.count == 1, "said once: \(run)")
            }
        }

        @Test(
            "Basic credentials over plain http to a host that is not loopback are warned of, once",
            .enabled(if: ServerOriginTests.outsideAddress != nil, "the machine has a non-loopback IPv4"))
        func clearTextWarning() async throws {
            let address = try #require(Self.outsideAddress)
            var configuration = MockServerConfiguration()
            configuration.host = address
            try await withMockServer(configuration) { server in
                let cli = try CLI.editor(of: server.baseURL)
                let write = try await cli.run("update", "0007", "--power", "Paper flight")
                #expect(write.status == 0, "\(write)")
                let warnings = write.stderr.split(separator: "\n").filter { $0.contains("clear text") }
                #expect(warnings.count == 1, "\(write)")
                #expect(!write.stderr.contains("editor-demo-password"))
            }
        }

        @Test("two servers on one host but different ports never answer with each other's heroes")
        func cachePerOrigin() async throws {
            try await withMockServer { first in
                try await withMockServer { second in
                    let cli = try CLI()
                    let sync = try await cli.run("sync", "--server", first.baseURL.absoluteString)
                    #expect(sync.status == 0, "\(sync)")
                    let other = try await cli.run(
                        "list", "--offline", "--server", second.baseURL.absoluteString)
                    #expect(other.status != 0, "the second server's cache is empty: \(other)")
                    #expect(!other.stdout.contains("Aurora Thistle"), "\(other)")
                    let same = try await cli.run(
                        "list", "--offline", "--server", first.baseURL.absoluteString)
                    #expect(same.status == 0, "\(same)")
                    #expect(same.stdout.contains("Aurora Thistle"), "\(same)")
                }
            }
        }

        @Test("--verbose: one line per exchange and the cache's decision on stderr; stdout unchanged")
        func verbose() async throws {
            let cli = try CLI.editor(of: URL(fileURLWithPath: "/"))
            let url = try await withMockServer { server in
                let url = server.baseURL.absoluteString
                let plain = try await cli.run("show", "0007", environment: ["HEROES_SERVER": url])
                let verbose = try await cli.run(
                    "show", "0007", "--verbose", environment: ["HEROES_SERVER": url])
                #expect(verbose.status == 0, "\(verbose)")
                #expect(verbose.stdout == plain.stdout, "standard output is unchanged")
                #expect(verbose.stderr.contains("304 GET \(url)/v1/heroes/0007"), "\(verbose)")
                #expect(verbose.stderr.contains("cache: hero 0007 revalidated (304)"), "\(verbose)")
                let transport = CLITests.libcurlIsDefault ? "transport: libcurl " : "transport: URLSession"
                let named = verbose.stderr.split(separator: "\n").filter { $0.contains("transport: ") }
                #expect(named.count == 1 && named[0].contains(transport), "named once: \(verbose)")
                #expect(!plain.stderr.contains("transport: "), "\(plain)")
                let write = try await cli.run(
                    "--verbose", "update", "0007", "--power", "X", environment: ["HEROES_SERVER": url])
                #expect(write.stderr.contains("PUT \(url)/v1/heroes/0007"), "\(write)")
                #expect(!write.stderr.contains("editor-demo-password"), "no credential: \(write)")
                #expect(!write.stderr.lowercased().contains("basic "), "\(write)")
                #expect(!write.stderr.contains("clear text"), "loopback is not warned of: \(write)")
                return url
            }
            // The server has stopped: the stored copy is served, and --verbose says why.
            let stale = try await cli.run("show", "0007", "--verbose", environment: ["HEROES_SERVER": url])
            #expect(stale.status == 0, "\(stale)")
            #expect(stale.stderr.contains("cache: hero 0007 served stale from the store"), "\(stale)")
        }

        /// The first IPv4 address of this machine that is not loopback, if it has one.
        static let outsideAddress: String? = {
            var list: UnsafeMutablePointer<ifaddrs>?
            guard getifaddrs(&list) == 0, let first = list else { return nil }
            defer { freeifaddrs(list) }
            for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
                guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET)
                else { continue }
                var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
                let ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    $0.pointee.sin_addr
                }
                var copy = ipv4
                guard inet_ntop(AF_INET, &copy, &text, socklen_t(text.count)) != nil else { continue }
                let string = String(
                    decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !string.hasPrefix("127.") { return string }
            }
            return nil
        }()
    }
}
