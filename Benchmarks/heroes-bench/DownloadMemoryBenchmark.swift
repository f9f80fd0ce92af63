import Foundation
import Network

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Peak resident memory while downloading a large body through `URLSessionTransport`, to a file
/// or into memory. Each download runs in a child process (`heroes-bench --download-child URL
/// file|memory`), alternating, `rounds` times each, and the medians are compared: FoundationNetworking
/// hands the body to the delegate with no back-pressure, so how much of it waits in memory depends
/// on how the threads are scheduled, and one download moves by tens of megabytes from run to run.
enum DownloadMemoryBenchmark {
    /// The medians of what the downloads added to their processes' peak resident sets, in kB.
    struct Result {
        let streamedKilobytes: Int
        let heldKilobytes: Int
    }

    /// Serves `size` bytes from this process and downloads them `rounds` times each way.
    static func run(size: Int, rounds: Int) throws -> Result {
        SIGPIPEIgnorer.ignore()
        let url = "http://127.0.0.1:\(try StreamingServer.start(size: size))/big"
        var streamed: [Int] = []
        var held: [Int] = []
        for _ in 0..<rounds {
            streamed.append(try added(by: ["--download-child", url, "file", String(size)]))
            held.append(try added(by: ["--download-child", url, "memory", String(size)]))
        }
        return Result(streamedKilobytes: median(streamed), heldKilobytes: median(held))
    }

    private static func added(by arguments: [String]) throws -> Int {
        let fields = try ChildProcess.run(arguments)
        guard fields.count == 1, let kilobytes = Int(fields[0]) else {
            throw BenchmarkError("the download child printed \(fields.joined(separator: " "))")
        }
        return kilobytes
    }

    /// The child's work: one download of `size` bytes from `url`, to a file or into memory;
    /// prints the kB it added to the peak resident set.
    static func child(url: URL, toFile: Bool, size: Int) async throws {
        let transport = URLSessionTransport()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "heroes-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let reports = Counter()
        resetPeakResident()
        let before = peakResidentKilobytes()
        let received: Int
        if toFile {
            _ = try await transport.download(
                for: URLRequest(url: url), to: file, progress: { _ in reports.add() })
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            received = (attributes[.size] as? NSNumber)?.intValue ?? 0
        } else {
            received = try await transport.data(for: URLRequest(url: url), progress: { _ in reports.add() })
                .body.count
        }
        guard received == size else { throw BenchmarkError("received \(received) bytes of \(size)") }
        guard reports.value > 0 else { throw BenchmarkError("the download reported no progress") }
        print(max(0, peakResidentKilobytes() - before))
    }

    /// Lowers `VmHWM` to the current resident set (Linux's `clear_refs` value 5), so a peak left by
    /// an earlier measure in this process cannot hide the download's.
    static func resetPeakResident() {
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    }

    /// `VmHWM` from /proc/self/status: the peak resident set, in kB.
    static func peakResidentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return -1 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }
}

/// Counts progress callbacks from the delegate's queue.
private final class Counter: Sendable {
    private let count = LockedCount()
    func add() { count.increment() }
    var value: Int { count.value }
}

/// An integer behind a lock. `@unchecked Sendable`: `stored` is only read or written under `lock`.
private final class LockedCount: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 0
    func increment() { lock.withLock { stored += 1 } }
    var value: Int { lock.withLock { stored } }
}

/// A client that goes away mid-write must not kill the benchmark.
private enum SIGPIPEIgnorer {
    static func ignore() { signal(SIGPIPE, SIG_IGN) }
}
