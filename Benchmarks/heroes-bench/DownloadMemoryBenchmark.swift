import Foundation
import Network

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Peak resident memory while downloading a large body through `URLSessionTransport`, to a file
/// or into memory.
enum DownloadMemoryBenchmark {
    struct Result {
        let bytes: Int
        let peakBefore: Int
        let peakAfter: Int
        let elapsed: Duration
        let progressReports: Int
        /// What the download added to the peak resident set, in kB.
        var addedKilobytes: Int { max(0, peakAfter - peakBefore) }
    }

    static func run(size: Int, inMemory: Bool) async throws -> Result {
        SIGPIPEIgnorer.ignore()
        let port = try StreamingServer.start(size: size)
        guard let url = URL(string: "http://127.0.0.1:\(port)/big") else { throw BenchmarkError("bad URL") }
        let transport = URLSessionTransport()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "heroes-bench-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        let reports = Counter()
        resetPeakResident()
        let before = peakResidentKilobytes()
        let start = ContinuousClock.now
        let received: Int
        if inMemory {
            received = try await transport.data(for: URLRequest(url: url), progress: { _ in reports.add() })
                .body.count
        } else {
            _ = try await transport.download(
                for: URLRequest(url: url), to: file, progress: { _ in reports.add() })
            let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
            received = (attributes[.size] as? NSNumber)?.intValue ?? 0
        }
        let elapsed = ContinuousClock.now - start
        guard received == size else { throw BenchmarkError("received \(received) bytes of \(size)") }
        return Result(
            bytes: size, peakBefore: before, peakAfter: peakResidentKilobytes(), elapsed: elapsed,
            progressReports: reports.value
        )
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
