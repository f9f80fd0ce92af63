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

/// Standard input a line at a time, and Ctrl-C, as `ConsoleEvent`s. Nothing is read ahead, so
/// a password prompt never races it. SIGINT cancels work under `cancellable(_:)`, else arrives
/// as `.interrupt`; `close()` restores its default action.
final class ConsoleInput: Sendable {
    private struct State {
        var readPending = false
        var ended = false
        var cancelWork: (@Sendable () -> Void)?
    }

    private let events: AsyncStream<ConsoleEvent>
    private let continuation: AsyncStream<ConsoleEvent>.Continuation
    /// The state the reader thread, the signal handler and the console share.
    private final class Shared: Sendable {
        let state = Locked(State())
    }

    private let shared = Shared()
    private let wanted = DispatchSemaphore(value: 0)
    private let signals: Locked<(any DispatchSourceSignal)?>

    init() {
        (events, continuation) = AsyncStream.makeStream(of: ConsoleEvent.self)
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        let continuation = self.continuation
        let shared = self.shared
        source.setEventHandler {
            let cancelWork = shared.state.withLock { $0.cancelWork }
            if let cancelWork { cancelWork() } else { continuation.yield(.interrupt) }
        }
        source.resume()
        signals = Locked(source)
        let wanted = self.wanted
        let reader = Thread {
            while true {
                wanted.wait()
                let line = readLine(strippingNewline: true)
                shared.state.withLock { $0.readPending = false }
                guard let line else {
                    continuation.yield(.end)
                    return
                }
                continuation.yield(.line(line))
            }
        }
        reader.start()
    }

    /// The next thing the person did; `.end` for good once the input has ended.
    func next() async -> ConsoleEvent {
        let ask = shared.state.withLock { state -> Bool in
            guard !state.ended, !state.readPending else { return false }
            state.readPending = true
            return true
        }
        if ask { wanted.signal() }
        for await event in events {
            if event == .end { shared.state.withLock { $0.ended = true } }
            return event
        }
        return .end
    }

    /// Runs `work` so Ctrl-C cancels it instead of arriving as `.interrupt`.
    func cancellable<Value: Sendable>(
        _ work: @escaping @Sendable @MainActor () async throws -> Value
    ) async throws -> Value {
        let task = Task { @MainActor in try await work() }
        shared.state.withLock { $0.cancelWork = { task.cancel() } }
        defer { shared.state.withLock { $0.cancelWork = nil } }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    func close() {
        signals.withLock { source in
            source?.cancel()
            source = nil
        }
        signal(SIGINT, SIG_DFL)
    }
}
