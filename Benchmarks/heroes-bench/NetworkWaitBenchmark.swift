import Foundation
import Network

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the Network layer's transports cost in a wait and under a flood, each in a child
/// process of its own (`heroes-bench --network-child …`), so a transport's threads and memory
/// never touch another measure: CPU per wall-second while a request waits on a server that
/// accepts and never answers, peak resident memory of a 60 MB body streamed to a pipe read at
/// 2 MB/s, and peak memory of a 4 MB gzip bomb that inflates to 4 GiB.
enum NetworkWaitBenchmark {
    /// Why this build cannot measure libcurl, or nil when it can.
    static var libcurlMissing: String? {
        #if os(Linux)
            nil
        #else
            "libcurl's transport is for Linux only"
        #endif
    }

    /// The transports measured: `curl` (the default on Linux) and `urlsession`.
    static func transport(named name: String) -> any HTTPTransport {
        #if os(Linux)
            if name == "curl" { return CurlTransport() }
        #endif
        return URLSessionTransport()
    }

    /// CPU seconds per wall second while one request waits `seconds` on a silent server.
    static func waitingCPU(transport: String, seconds: Int) throws -> Double {
        let fields = try ChildProcess.run(["--network-child", "stall", transport, String(seconds)])
        guard let value = fields.first.flatMap({ Double($0) }) else {
            throw BenchmarkError("the stall child printed \(fields.joined(separator: " "))")
        }
        return value
    }

    /// Peak resident set, in kB, of a child that streams `size` bytes to a pipe drained at
    /// `bytesPerSecond`.
    static func slowPipePeak(transport: String, size: Int, bytesPerSecond: Int) throws -> Int {
        let url = "http://127.0.0.1:\(try StreamingServer.start(size: size))/big"
        let fields = try ChildProcess.run([
            "--network-child", "slow-pipe", transport, url, String(size), String(bytesPerSecond),
        ])
        guard let value = fields.first.flatMap({ Int($0) }) else {
            throw BenchmarkError("the slow-pipe child printed \(fields.joined(separator: " "))")
        }
        return value
    }

    /// Peak resident set, in kB, of a child whose call meets a gzip bomb of `mebibytes` MiB.
    static func bombPeak(transport: String, mebibytes: Int) throws -> Int {
        let body = GzipBomb.bomb(inflatingToMebibytes: mebibytes)
        let port = try StreamingServer.start(
            body: [UInt8](body), headers: "Content-Type: application/json\r\nContent-Encoding: gzip\r\n")
        let fields = try ChildProcess.run([
            "--network-child", "bomb", transport, "http://127.0.0.1:\(port)/bomb",
        ])
        guard let value = fields.first.flatMap({ Int($0) }) else {
            throw BenchmarkError("the bomb child printed \(fields.joined(separator: " "))")
        }
        return value
    }

    /// The child's work, from its arguments after `--network-child`.
    static func child(_ arguments: [String]) async throws {
        guard arguments.count >= 2 else {
            throw BenchmarkError("--network-child needs a measure and a transport")
        }
        let transport = transport(named: arguments[1])
        switch arguments[0] {
        case "stall":
            let seconds = Int(arguments.count > 2 ? arguments[2] : "") ?? 3
            print(try await stall(transport, seconds: seconds))
        case "slow-pipe":
            guard arguments.count >= 5, let url = URL(string: arguments[2]), let size = Int(arguments[3]),
                let rate = Int(arguments[4])
            else { throw BenchmarkError("slow-pipe needs a URL, a size and a rate") }
            try await slowPipe(transport, url: url, size: size, bytesPerSecond: rate)
            print(DownloadMemoryBenchmark.peakResidentKilobytes())
        case "bomb":
            guard arguments.count >= 3, let url = URL(string: arguments[2]) else {
                throw BenchmarkError("bomb needs a URL")
            }
            do {
                _ = try await transport.data(
                    for: URLRequest(url: url), maximumResponseBytes: 8 << 20, progress: nil)
                throw BenchmarkError("the bomb was accepted")
            } catch NetworkError.responseTooLarge {
                print(DownloadMemoryBenchmark.peakResidentKilobytes())
            }
        default: throw BenchmarkError("unknown network measure \(arguments[0])")
        }
    }

    /// CPU per wall second of this process while `transport` waits on a silent server, measured
    /// after the request is under way.
    private static func stall(_ transport: any HTTPTransport, seconds: Int) async throws -> Double {
        let port = try SilentServer.start()
        let url = try require(URL(string: "http://127.0.0.1:\(port)/stall"))
        let call = Task { try await transport.data(for: URLRequest(url: url), progress: nil) }
        try await Task.sleep(for: .milliseconds(300))
        let (cpuBefore, wallBefore) = (cpuSeconds(), ContinuousClock.now)
        try await Task.sleep(for: .seconds(seconds))
        let (cpuAfter, wallAfter) = (cpuSeconds(), ContinuousClock.now)
        call.cancel()
        _ = try? await call.value
        let wall = wallAfter - wallBefore
        return (cpuAfter - cpuBefore)
            / (Double(wall.components.seconds) + Double(wall.components.attoseconds) * 1e-18)
    }

    private static func slowPipe(
        _ transport: any HTTPTransport, url: URL, size: Int, bytesPerSecond: Int
    ) async throws {
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { throw BenchmarkError("pipe() failed") }
        let (reading, writing) = (descriptors[0], descriptors[1])
        let reader = SlowReader(descriptor: reading, bytesPerSecond: bytesPerSecond)
        reader.start()
        DownloadMemoryBenchmark.resetPeakResident()
        let response = try await transport.stream(
            for: URLRequest(url: url), into: FileDescriptorSink(descriptor: writing),
            maximumResponseBytes: Int64(size), progress: nil)
        close(writing)
        let received = reader.wait()
        close(reading)
        guard response.head.status == 200, received == size else {
            throw BenchmarkError(
                "the reader got \(received) bytes of \(size) (status \(response.head.status))")
        }
    }

    private static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        let time = { (value: timeval) in Double(value.tv_sec) + Double(value.tv_usec) / 1e6 }
        return time(usage.ru_utime) + time(usage.ru_stime)
    }

    private static func require<Value>(_ value: Value?) throws -> Value {
        guard let value else { throw BenchmarkError("a loopback URL did not parse") }
        return value
    }
}

/// Drains a pipe at a fixed rate on a thread of its own, counting what it reads.
private final class SlowReader: @unchecked Sendable {
    // `@unchecked` is safe: `total` is written by the reading thread only, and read after
    // `done` is signalled, which orders the two.
    private let descriptor: Int32
    private let bytesPerSecond: Int
    private var total = 0
    private let done = DispatchSemaphore(value: 0)

    init(descriptor: Int32, bytesPerSecond: Int) {
        self.descriptor = descriptor
        self.bytesPerSecond = bytesPerSecond
    }

    func start() {
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            let pause = Double(buffer.count) / Double(bytesPerSecond)
            while true {
                let count = read(descriptor, &buffer, buffer.count)
                guard count > 0 else { break }
                total += count
                Thread.sleep(forTimeInterval: pause * Double(count) / Double(buffer.count))
            }
            done.signal()
        }.start()
    }

    /// Waits for the end of the pipe; returns the bytes read.
    func wait() -> Int {
        done.wait()
        return total
    }
}

/// A loopback server that accepts connections and never answers.
private enum SilentServer {
    static func start() throws -> Int {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard listener >= 0 else { throw BenchmarkError("socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, $0, &length) == 0
            }
        }
        guard ready else { throw BenchmarkError("bind/listen failed") }
        Thread {
            // Connections are kept open, unread and unanswered, for the life of the process.
            var held: [Int32] = []
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                held.append(client)
            }
        }.start()
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
