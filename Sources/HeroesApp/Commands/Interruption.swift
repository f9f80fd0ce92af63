import Dispatch
import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C while a file is written: the work is cancelled (removing its temporary file), then
/// the process ends by SIGINT, so the shell sees 130.
@MainActor
enum Interruption {
    static func cancelling(_ work: @escaping @MainActor () async throws -> Void) async throws {
        let task = Task { @MainActor in try await work() }
        let interrupted = Locked(false)
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { @Sendable in
            interrupted.withLock { $0 = true }
            task.cancel()
        }
        source.resume()
        let outcome = await task.result
        source.cancel()
        signal(SIGINT, SIG_DFL)
        if interrupted.withLock({ $0 }) {
            // libdispatch blocks signals on the main thread: unblock, so the default action runs.
            var only = sigset_t()
            sigemptyset(&only)
            sigaddset(&only, SIGINT)
            pthread_sigmask(SIG_UNBLOCK, &only, nil)
            raise(SIGINT)
        }
        try outcome.get()
    }
}
