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
            let process = Process()
            process.executableURL = try Self.binary()
            process.arguments = ["--port", "0", "--latency", "1"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = Pipe()
            try process.run()
            defer { if process.isRunning { process.terminate() } }
            let line = Self.firstLine(output.fileHandleForReading.fileDescriptor)
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
            let process = Process()
            process.executableURL = try Self.binary()
            process.arguments = ["--bogus"]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = Pipe()
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 64)
            #expect(text.hasPrefix("mock-server: unknown option --bogus\nusage: mock-server"))
        }
    }

    @Test("out of file descriptors, it pauses accepting and recovers once clients leave")
    func descriptorLimit() async throws {
        try await offCooperativePool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n 40 && exec \"$0\" --port 0", try Self.binary().path]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = Pipe()
            try process.run()
            defer { if process.isRunning { process.terminate() } }
            let line = Self.firstLine(output.fileHandleForReading.fileDescriptor)
            let port = try #require(Int(line.split(separator: ":").last ?? ""))
            var crowd = try (0..<60).map { _ in try RawConnection(port: port, timeout: 0.5) }
            for connection in crowd { try connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n") }
            #expect(try crowd[0].readResponse().status == 200)
            crowd.removeAll()
            #expect(try TestClient(port: port).get("/health").status == 200)
            #expect(process.isRunning)
        }
    }

    /// The `mock-server` that `swift build` put beside this test bundle. Missing, it fails the
    /// test rather than skipping it, so a build that forgot the server cannot pass unseen.
    private static func binary() throws -> URL {
        let url = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("mock-server")
        return try #require(
            FileManager.default.isExecutableFile(atPath: url.path) ? url : nil,
            "mock-server is not built next to the tests; run `swift build` first (looked at \(url.path))")
    }

    /// Reads up to the first newline with plain reads (the server writes the line unbuffered).
    private static func firstLine(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(fd, &byte, 1) == 1, byte != 10 { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
