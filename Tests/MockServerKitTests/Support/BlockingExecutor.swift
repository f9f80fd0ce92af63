import Dispatch

/// Runs test code that blocks on sockets and pipes off Swift's cooperative thread pool.
///
/// The tests talk to the server with blocking reads (a client written plainly from the RFC). On a
/// 2-core machine the cooperative pool has two threads, so blocking them would stall every other
/// test in the process (their timers, their URLSession callbacks). Jobs preferring this executor
/// run on a concurrent dispatch queue instead, which adds threads when its threads block.
final class BlockingExecutor: TaskExecutor {
    static let shared = BlockingExecutor()

    private let queue = DispatchQueue(label: "MockServerKitTests.blocking-io", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// Runs `body` with its synchronous parts on `BlockingExecutor`.
func offCooperativePool<T>(_ body: () async throws -> T) async rethrows -> T {
    try await withTaskExecutorPreference(BlockingExecutor.shared) { try await body() }
}
