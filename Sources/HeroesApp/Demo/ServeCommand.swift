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

/// `serve`: the bundled mock server in the foreground until SIGINT or SIGTERM. Its first line
/// is `listening on http://HOST:PORT`.
@MainActor
struct ServeCommand {
    let views: Views
    let demoServer: (any DemoServer)?

    func run(port: Int, rootDirectory: String? = nil, servesHeroes: Bool = true) async throws {
        guard (0...65_535).contains(port) else {
            throw UsageError("\(Option.port.spec.synopsis) must be 0–65535, not \(port)", command: .serve)
        }
        guard let demoServer else { throw DemoServerError.missing }
        let server = try await demoServer.serve(
            port: port, rootDirectory: rootDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) },
            servesHeroes: servesHeroes)
        // Handlers before the first line, so an early signal counts; made once listening, because
        // libdispatch traps on releasing a never-waited waiter.
        let stop = SignalWaiter(signals: [SIGINT, SIGTERM])
        views.say("listening on \(server.baseURL.absoluteString)")
        views.note(
            "heroes-cli: demo editor `\(demoServer.editor)` / `\(demoServer.password(for: demoServer.editor) ?? "")`, "
                + "demo key \(demoServer.clearanceKey); "
                + "Ctrl-C stops")
        await stop.wait()
        await server.stop()
    }
}

/// Waits for the first of some signals, with their default action turned off meanwhile.
@MainActor
final class SignalWaiter {
    private let sources: [any DispatchSourceSignal]

    init(signals: [Int32]) {
        let queue = DispatchQueue(label: "heroes-cli.signals")
        sources = signals.map { number in
            signal(number, SIG_IGN)
            return DispatchSource.makeSignalSource(signal: number, queue: queue)
        }
    }

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            // Both signals may arrive; the continuation is resumed for the first alone.
            let resumed = Locked(false)
            for source in sources {
                // Not isolated to the main actor: the handler runs on the signal queue.
                source.setEventHandler { @Sendable in
                    let isFirst = resumed.withLock { wasResumed in
                        defer { wasResumed = true }
                        return !wasResumed
                    }
                    if isFirst { continuation.resume() }
                }
                source.resume()
            }
        }
        for source in sources { source.cancel() }
    }
}
