import Foundation

/// How long a concurrent client waits for `GET /health` while a hostile client runs: the
/// property issue 32 asks for is that one request, connection or file cannot stall the others.
enum LoopLatency {
    /// `HEROES_TEST_TIME_SCALE` (a sanitizer's slow threads), as TestSupport's `TestTime` reads it.
    static let scale = Double(
        ProcessInfo.processInfo.environment["HEROES_TEST_TIME_SCALE"].flatMap(Int.init).map {
            min(max($0, 1), 100)
        }
            ?? 1)

    /// The most a concurrent client may wait beyond its unloaded time: generous, since the whole
    /// suite shares two cores (the goal, measured in Scripts/bench-mock-server.sh, is 100 ms).
    static let bound = 3 * scale

    /// Seconds for one `GET /health` on a fresh connection; a reply slower than `timeout`
    /// counts as `timeout` (the read gives up), so a frozen loop fails a test instead of hanging it.
    static func health(port: Int, timeout: Double = 2 * bound) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        do {
            let connection = try RawConnection(port: port, timeout: timeout)
            try connection.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            _ = try connection.readResponse()
        } catch {
            return timeout
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The worst of `count` unloaded `GET /health` times, in seconds.
    static func unloaded(port: Int, count: Int = 20) -> Double {
        (0..<count).map { _ in health(port: port) }.max() ?? 0
    }

    /// The worst `GET /health` time, in seconds, while `hostile` runs on a thread of its own
    /// (measured until it returns, and for at least `atLeast` seconds).
    static func worst(port: Int, atLeast: Double = 0.5, while hostile: @escaping @Sendable () -> Void)
        -> Double
    {
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            hostile()
            finished.signal()
        }
        thread.start()
        let start = DispatchTime.now().uptimeNanoseconds
        var worst = 0.0
        var done = false
        while !done || Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 < atLeast {
            worst = max(worst, health(port: port))
            if !done, finished.wait(timeout: .now()) == .success { done = true }
            usleep(5_000)
        }
        return worst
    }
}
