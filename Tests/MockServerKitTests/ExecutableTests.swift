import Foundation
import MockServerKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("The mock-server executable")
struct ExecutableTests {
    @Test(
        "it prints listening on http://HOST:PORT first, serves, and exits 0 on SIGTERM and SIGINT",
        arguments: [SIGTERM, SIGINT])
    func runsAndStops(signal number: Int32) async throws {
        try await offCooperativePool {
            let server = try Launched(["--port", "0", "--latency", "1"])
            defer { server.stop() }
            let process = server.process
            let line = server.firstLine()
            let prefix = "listening on http://127.0.0.1:"
            #expect(line.hasPrefix(prefix))
            let port = try #require(Int(line.dropFirst(prefix.count)))
            #expect(try TestClient(port: port).get("/health").status == 200)
            kill(process.processIdentifier, number)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit)
            #expect(process.terminationStatus == 0)
        }
    }

    @Test("a bad option prints one error line and the usage, and exits 64 (EX_USAGE)")
    func badOption() async throws {
        try await offCooperativePool {
            let server = try Launched(["--bogus"])
            let text = server.errorsAfterExit()
            #expect(server.process.terminationStatus == 64)
            #expect(text.hasPrefix("mock-server: unknown option --bogus\nusage: mock-server"))
        }
    }

    @Test("a malformed stub mapping stops the start: one line naming file, JSON path and reason, exit 78")
    func malformedMapping() async throws {
        try await offCooperativePool {
            let root = try stubRoot(["broken.json": #"{"request": {"method": 7}, "response": {}}"#])
            defer { try? FileManager.default.removeItem(at: root) }
            let server = try Launched(["--port", "0", "--root-dir", root.path])
            let text = server.errorsAfterExit()
            #expect(server.process.terminationStatus == 78)
            #expect(
                text
                    == "mock-server: mappings/broken.json: $.request.method: expected a string, found a number\n"
            )
        }
    }

    @Test("a body file over 64 MiB stops the start: one line naming it, exit 78")
    func oversizedBodyFile() async throws {
        try await offCooperativePool {
            let root = try stubRoot([
                "big.json": #"{"request": {"urlPath": "/big"}, "response": {"bodyFileName": "big.bin"}}"#
            ])
            defer { try? FileManager.default.removeItem(at: root) }
            // Sparse: over the cap without taking the disk.
            let file = root.appendingPathComponent("__files/big.bin")
            #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
            #expect(truncate(file.path, 65 * 1024 * 1024) == 0)
            let server = try Launched(["--port", "0", "--root-dir", root.path])
            let text = server.errorsAfterExit()
            #expect(server.process.terminationStatus == 78)
            #expect(text.hasPrefix("mock-server: mappings/big.json"))
            #expect(text.contains("__files/big.bin is larger than 64 MiB"))
        }
    }

    @Test("warnings name the program that prints them (heroes-cli when it serves)")
    func warningPrefix() async throws {
        try await offCooperativePool {
            let root = try stubRoot([
                "now.json": #"""
                {"request": {"urlPath": "/now"},
                 "response": {"body": "{{now}}", "transformers": ["response-template"]}}
                """#
            ])
            defer { try? FileManager.default.removeItem(at: root) }
            let renamed = root.appendingPathComponent("heroes-cli")
            try FileManager.default.createSymbolicLink(
                at: renamed, withDestinationURL: try ExecutableTests.binary())
            let server = try Launched(["--port", "0", "--root-dir", root.path], executable: renamed)
            #expect(server.firstLine().hasPrefix("listening on"))
            server.stop()
            let text = server.errorsAfterExit()
            #expect(text.hasPrefix("heroes-cli: warning: mappings/now.json: unsupported template helper now"))
        }
    }

    @Test("out of file descriptors, it pauses accepting and recovers once clients leave")
    func descriptorLimit() async throws {
        try await offCooperativePool {
            let server = try Launched(
                ["-c", "ulimit -n 40 && exec \"$0\" --port 0", try Self.binary().path],
                executable: URL(fileURLWithPath: "/bin/sh"))
            defer { server.stop() }
            let line = server.firstLine()
            let port = try #require(Int(line.split(separator: ":").last ?? ""))
            var crowd = try (0..<60).map { _ in try RawConnection(port: port, timeout: 0.5) }
            for connection in crowd { try connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n") }
            #expect(try crowd[0].readResponse().status == 200)
            crowd.removeAll()
            #expect(try TestClient(port: port).get("/health").status == 200)
            #expect(server.process.isRunning)
        }
    }

    @Test("bound to ::1, the first line brackets the address: listening on http://[::1]:PORT")
    func ipv6ReadinessLine() async throws {
        try await offCooperativePool {
            let server = try Launched(["--host", "::1", "--port", "0"])
            defer { server.stop() }
            let line = server.firstLine()
            let prefix = "listening on http://[::1]:"
            #expect(line.hasPrefix(prefix), "\(line)")
            let url = try #require(URL(string: String(line.dropFirst("listening on ".count))))
            let port = try #require(url.port)
            #expect(Int(line.dropFirst(prefix.count)) == port)
            let connection = try RawConnection(port: port, ipv6: true)
            try connection.send("GET /health HTTP/1.1\r\nHost: [::1]\r\n\r\n")
            #expect(try connection.readResponse().status == 200)
        }
    }

    @Test(
        "the admin token comes from MOCK_SERVER_ADMIN_TOKEN or --admin-token-file, out of ps's sight",
        arguments: [false, true])
    func adminTokenOutOfArgv(fromFile: Bool) async throws {
        try await offCooperativePool {
            let folder = try temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: folder) }
            let token = "adm-\(UUID().uuidString)"
            var arguments = ["--port", "0"]
            var environment = ProcessInfo.processInfo.environment
            environment[MockServerCommandLine.adminTokenVariable] = nil
            if fromFile {
                let file = folder.appendingPathComponent("token")
                try Data("\(token)\n".utf8).write(to: file)
                arguments += ["--admin-token-file", file.path]
            } else {
                environment[MockServerCommandLine.adminTokenVariable] = token
            }
            let server = try Launched(arguments, environment: environment)
            defer { server.stop() }
            #expect(server.process.arguments?.contains(token) == false)
            let line = server.firstLine()
            let port = try #require(Int(line.split(separator: ":").last ?? ""))
            let client = TestClient(port: port)
            #expect(try client.get("/__admin/faults").status == 401)
            #expect(
                try client.get("/__admin/faults", headers: [("Authorization", "Bearer \(token)")]).status
                    == 200)
            #expect(
                try client.get("/v1/heroes/0001", headers: [("X-Mock-Fault", "status:503")]).status == 200)
        }
    }

    /// The `mock-server` that `swift build` put beside this test bundle. Missing, it fails the
    /// test rather than skipping it, so a build that forgot the server cannot pass unseen.
    static func binary() throws -> URL {
        let url = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("mock-server")
        return try #require(
            FileManager.default.isExecutableFile(atPath: url.path) ? url : nil,
            "mock-server is not built next to the tests; run `swift build` first (looked at \(url.path))")
    }

    /// `mock-server` (or `executable`) started with `arguments`, its output and errors piped.
    private struct Launched {
        let process = Process()
        private let output = Pipe()
        private let errors = Pipe()

        init(_ arguments: [String], executable: URL? = nil, environment: [String: String]? = nil) throws {
            process.executableURL = try executable ?? ExecutableTests.binary()
            process.arguments = arguments
            if let environment { process.environment = environment }
            process.standardOutput = output
            process.standardError = errors
            try process.run()
        }

        /// Reads up to the first newline with plain reads (the server writes the line unbuffered).
        func firstLine() -> String {
            let fd = output.fileHandleForReading.fileDescriptor
            var bytes: [UInt8] = []
            var byte: UInt8 = 0
            while read(fd, &byte, 1) == 1, byte != 10 { bytes.append(byte) }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Everything written on standard error, once the process has ended.
        func errorsAfterExit() -> String {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text
        }

        /// Ends the process if it still runs.
        func stop() { if process.isRunning { process.terminate() } }
    }
}
