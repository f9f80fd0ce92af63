import Foundation

/// Runs test code that blocks on sockets and pipes on threads of its own.
///
/// The tests talk to the server with blocking reads (a client written plainly from the RFC). On a
/// 2-core machine both Swift's cooperative pool and libdispatch's default root queue have two
/// threads, so blocking either would stall every other test in the process (their timers, their
/// URLSession callbacks). Each job that prefers this executor runs on a fresh thread instead:
/// a job lasts from one suspension point of a test to the next, so there are only a few thousand.
final class BlockingExecutor: TaskExecutor {
    static let shared = BlockingExecutor()

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        let thread = Thread { job.runSynchronously(on: executor) }
        thread.name = "MockServerKitTests.blocking-io"
        thread.start()
    }
}

/// Runs `body` with its synchronous parts on `BlockingExecutor`.
func offCooperativePool<T>(_ body: () async throws -> T) async rethrows -> T {
    try await withTaskExecutorPreference(BlockingExecutor.shared) { try await body() }
}
