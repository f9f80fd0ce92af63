import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `mock-server`, as a process, against origins that lie, flood or never finish.
///
/// Proxying (`--proxy-all`): each hostile answer costs its own request a 502 naming the origin,
/// and nothing else: the process lives on, a stub answers within 500 ms while the hostile
/// request is in flight, and the process's peak resident memory stays under 200 MB although the
/// bombs inflate to 128 MiB and 1 GiB. An odd but valid answer (a status line without a reason
/// phrase, two `Set-Cookie` fields) is passed back as it was; a body that is not in the coding
/// it claims is a 502. `verify` against the worst of them exits 1 or 69 within 30 s, under
/// 200 MB. The suite is serialized: the bounds on time mean something only without a crowd.
@Suite("Against a hostile origin: the proxy and verify stay bounded", .serialized)
struct HostileOriginTests {
    /// What a hostile origin sends, whatever it is asked.
    enum Hostility: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case hugeLength = "Content-Length: 9223372036854775807, 12 bytes, then an open connection"
        case gzipBomb = "a gzip bomb (128 MiB of zeros)"
        case deflateBomb = "a deflate bomb (128 MiB of zeros)"
        case brotliBomb = "a br bomb (1 GiB of zeros)"
        case zstdBomb = "a zstd bomb (1 GiB of zeros)"
        case endlessChunks = "chunks forever"
        case endlessHeaderLine = "a header line that never ends"
        case hugeTrailer = "a 200 KB trailer after the last chunk"

        var testDescription: String { rawValue }

        /// Those `verify` is run against: the huge length, the bombs and the endless body.
        static let verifyCases: [Hostility] = [
            .hugeLength, .gzipBomb, .deflateBomb, .brotliBomb, .zstdBomb, .endlessChunks,
        ]

        /// The origin's answer.
        func reply() throws -> RawOrigin.Reply {
            let json = "Content-Type: application/json\r\n"
            switch self {
            case .hugeLength:
                let head = "HTTP/1.1 200 OK\r\n\(json)Content-Length: 9223372036854775807\r\n\r\n"
                return .bytesThenSilence(Array((head + #"{"id":"0007""#).utf8))
            case .gzipBomb: return try Self.bomb("gzip")
            case .deflateBomb: return try Self.bomb("deflate")
            case .brotliBomb: return try Self.bomb("br")
            case .zstdBomb: return try Self.bomb("zstd")
            case .endlessChunks:
                let chunk = "4000\r\n" + String(repeating: " ", count: 0x4000) + "\r\n"
                return .flood(
                    head: Array("HTTP/1.1 200 OK\r\n\(json)Transfer-Encoding: chunked\r\n\r\n".utf8),
                    piece: Array(chunk.utf8))
            case .endlessHeaderLine:
                return .flood(
                    head: Array("HTTP/1.1 200 OK\r\nX-Long: ".utf8),
                    piece: [UInt8](repeating: UInt8(ascii: "a"), count: 65_536))
            case .hugeTrailer:
                let trailer = "X-Trailer: " + String(repeating: "a", count: 200_000) + "\r\n"
                let text =
                    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
                    + "5\r\nhello\r\n0\r\n\(trailer)\r\n"
                return .bytes(Array(text.utf8))
            }
        }

        /// The committed bomb for `coding`, served with that `Content-Encoding` and its real length.
        private static func bomb(_ coding: String) throws -> RawOrigin.Reply {
            let url = try #require(
                Bundle.module.url(forResource: "bomb", withExtension: coding, subdirectory: "Resources/Bombs")
            )
            let fields = [("Content-Type", "application/json"), ("Content-Encoding", coding)]
            return .bytes(RawOrigin.response(200, fields, body: Array(try Data(contentsOf: url))))
        }
    }

    /// The most resident memory a process may reach: 200 MB.
    static let memoryLimit = 200_000_000
    /// Whether /proc tells a process's peak resident memory.
    static let hasProc = FileManager.default.fileExists(atPath: "/proc/self/status")

    @Test(
        "the hostile request gets a 502 naming the origin; the process lives, answers and stays small",
        .enabled(if: hasProc, "peak memory is read from /proc"), arguments: Hostility.allCases)
    func proxy(_ hostility: Hostility) async throws {
        let reply = try hostility.reply()
        let origin = try RawOrigin { _ in reply }
        defer { origin.stop() }
        try await withProxyProcess(to: origin) { process, client in
            #expect(try client.get("/own").text == "mine")
            let wait = TestTime.budget(seconds: 15)
            let hostile = try RawConnection(port: client.port, timeout: wait)
            try hostile.send("GET /v1/heroes/0007 HTTP/1.1\r\nHost: x\r\n\r\n")
            try waitForRequest(at: origin)
            let (own, elapsed) = try timed { try client.get("/own") }
            #expect(own.status == 200 && own.text == "mine")
            #expect(elapsed < .milliseconds(500), "GET /own took \(elapsed) beside the hostile request")
            let answer = try #require(try? hostile.readResponse(), "no answer within \(wait) s")
            #expect(answer.status == 502, "\(answer.status) \(answer.text.prefix(200))")
            #expect(answer.text.contains(origin.baseURL), "\(answer.text.prefix(200))")
            #expect(process.isRunning, "the process died: \(errors(of: process))")
            #expect(try client.get("/own").status == 200)
            let peak = try #require(peakBytes(of: process.processIdentifier))
            #expect(peak < Self.memoryLimit, "peak resident memory \(peak / 1_000_000) MB")
        }
    }

    @Test("a status line without a reason phrase and two Set-Cookie fields come back as sent")
    func reasonlessStatusLine() async throws {
        let text =
            "HTTP/1.1 200\r\nSet-Cookie: a=1; Path=/\r\nSet-Cookie: b=2; Path=/\r\n"
            + "Content-Length: 5\r\nConnection: close\r\n\r\nhello"
        let origin = try RawOrigin { _ in .bytes(Array(text.utf8)) }
        defer { origin.stop() }
        try await withProxyProcess(to: origin) { _, client in
            let answer = try client.patient.get("/cookies")
            #expect(answer.status == 200, "\(answer.text)")
            let cookies = answer.headers.filter { $0.name.lowercased() == "set-cookie" }.map(\.value)
            #expect(cookies == ["a=1; Path=/", "b=2; Path=/"], "\(answer.headers)")
            #expect(answer.text == "hello")
        }
    }

    @Test("a body that claims Content-Encoding: gzip and is not gzip is a 502, not an empty 200")
    func falseGzip() async throws {
        let origin = try RawOrigin { _ in
            .bytes(
                RawOrigin.response(200, [("Content-Encoding", "gzip")], body: Array("not gzip at all".utf8)))
        }
        defer { origin.stop() }
        try await withProxyProcess(to: origin) { _, client in
            let answer = try client.patient.get("/claims-gzip")
            #expect(answer.status == 502, "\(answer.status) \(answer.text)")
            #expect(answer.text.contains(origin.baseURL), "\(answer.text)")
        }
    }

    @Test(
        "verify exits 1 or 69 within 30 s and stays under 200 MB",
        .enabled(if: hasProc, "peak memory is read from /proc"), arguments: Hostility.verifyCases)
    func verify(_ hostility: Hostility) async throws {
        let reply = try hostility.reply()
        let origin = try RawOrigin { _ in reply }
        defer { origin.stop() }
        let root = try stubRoot([
            "hero.json": #"""
            {"request": {"method": "GET", "url": "/v1/heroes/0007"},
             "response": {"status": 200, "headers": {"Content-Type": "application/json"},
                          "jsonBody": {"id": "0007"}}}
            """#
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try await offCooperativePool {
            try verifyRun(["verify", "--root-dir", root.path, "--against", origin.baseURL])
        }
        #expect(run.reason == .exit && [1, 69].contains(run.status), "\(run)")
        #expect(run.elapsed < .seconds(30), "\(run)")
        #expect(run.peakBytes > 0, "sampled at least once")
        #expect(run.peakBytes < Self.memoryLimit, "\(run)")
    }
}

// MARK: The process

/// The `mock-server` that `swift build` put beside this test bundle; missing, it fails the test.
private func binary() throws -> URL {
    let url = Bundle.module.bundleURL.deletingLastPathComponent().appendingPathComponent("mock-server")
    return try #require(
        FileManager.default.isExecutableFile(atPath: url.path) ? url : nil,
        "mock-server is not built next to the tests; run `swift build` first (looked at \(url.path))")
}

/// `mock-server` started with `arguments`, its output and errors piped.
private func launch(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = try binary()
    process.arguments = arguments
    process.standardOutput = Pipe()
    process.standardError = Pipe()
    try process.run()
    return process
}

/// Runs `body` off the cooperative pool with `mock-server --port 0 --root-dir ROOT --proxy-all
/// ORIGIN`, ROOT holding one stub, `GET /own` answering 200 "mine" above the proxy; stops it after.
private func withProxyProcess(
    to origin: RawOrigin, _ body: (Process, TestClient) throws -> Void
) async throws {
    try await offCooperativePool {
        let root = try stubRoot([
            "own.json": #"""
            {"priority": 1, "request": {"method": "GET", "url": "/own"},
             "response": {"status": 200, "body": "mine"}}
            """#
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let process = try launch(["--port", "0", "--root-dir", root.path, "--proxy-all", origin.baseURL])
        defer { stop(process) }
        let line = firstLine(of: process)
        let prefix = "listening on http://127.0.0.1:"
        let port = try #require(
            line.hasPrefix(prefix) ? Int(line.dropFirst(prefix.count)) : nil,
            "first line \(line); \(errors(of: process))")
        try body(process, TestClient(port: port))
    }
}

/// The first line on standard output, read with plain reads (the server writes it unbuffered).
private func firstLine(of process: Process) -> String {
    guard let pipe = process.standardOutput as? Pipe else { return "" }
    let fd = pipe.fileHandleForReading.fileDescriptor
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while read(fd, &byte, 1) == 1, byte != 10 { bytes.append(byte) }
    return String(decoding: bytes, as: UTF8.self)
}

/// What the process wrote on standard error, once it has ended; empty while it runs.
private func errors(of process: Process) -> String {
    guard !process.isRunning, let pipe = process.standardError as? Pipe else { return "" }
    return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
}

/// SIGTERM, then SIGKILL if it is still running after a while; returns once it has ended.
private func stop(_ process: Process) {
    if process.isRunning { process.terminate() }
    let deadline = ContinuousClock.now + TestTime.budget(.seconds(5))
    while process.isRunning, ContinuousClock.now < deadline { usleep(10_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
}

/// The peak resident memory (`VmHWM`) of a live process, in bytes; nil once it has ended.
private func peakBytes(of pid: Int32) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "")
    else { return nil }
    return kilobytes * 1024
}

// MARK: Waiting and timing

/// Returns once `origin` has read a request; fails the test past a budget.
private func waitForRequest(at origin: RawOrigin) throws {
    let deadline = ContinuousClock.now + TestTime.budget(.seconds(5))
    while origin.received.isEmpty, ContinuousClock.now < deadline { usleep(2_000) }
    try #require(!origin.received.isEmpty, "the origin never got the proxied request")
}

/// `body`'s result and how long it took.
private func timed<T>(_ body: () throws -> T) rethrows -> (T, Duration) {
    let clock = ContinuousClock()
    let started = clock.now
    let result = try body()
    return (result, clock.now - started)
}

/// How a `mock-server verify` run ended.
private struct VerifyRun: CustomStringConvertible {
    var status: Int32
    var reason: Process.TerminationReason
    var elapsed: Duration
    var peakBytes: Int
    var errors: String

    var description: String {
        "exit \(status) (\(reason == .exit ? "exit" : "signal")) after \(elapsed), "
            + "peak \(peakBytes / 1_000_000) MB, stderr: \(errors)"
    }
}

/// Runs `mock-server arguments` to its end, reading its peak resident memory every 20 ms;
/// killed if it outlives a generous budget, so that a hang fails the test instead of stalling it.
/// A sample, not a measure: a run that ends within 20 ms may be seen only as it starts, but one
/// that lasts long enough to inflate a bomb is seen many times, each `VmHWM` a peak so far.
private func verifyRun(_ arguments: [String]) throws -> VerifyRun {
    let clock = ContinuousClock()
    let started = clock.now
    let process = try launch(arguments)
    let giveUp = started + TestTime.budget(.seconds(60))
    var peak = 0
    while let bytes = peakBytes(of: process.processIdentifier) {
        peak = max(peak, bytes)
        if clock.now > giveUp { kill(process.processIdentifier, SIGKILL) }
        usleep(20_000)
    }
    process.waitUntilExit()
    let elapsed = clock.now - started
    return VerifyRun(
        status: process.terminationStatus, reason: process.terminationReason, elapsed: elapsed,
        peakBytes: peak, errors: errors(of: process))
}
