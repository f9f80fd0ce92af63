// mock-server: the Heroes API mock server as a process. Prints `listening on http://HOST:PORT` first,
// then serves until SIGINT or SIGTERM.
import Dispatch
import Foundation
import MockServerKit
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Resumes a continuation once, whichever signal comes first.
final class SignalGate: Sendable {
    private let continuation = Mutex<CheckedContinuation<Int32, Never>?>(nil)

    init(_ continuation: CheckedContinuation<Int32, Never>) {
        self.continuation.withLock { $0 = continuation }
    }

    func fire(_ number: Int32) {
        continuation.withLock { $0.take() }?.resume(returning: number)
    }
}

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("mock-server: \(message)\n".utf8))
    exit(code)
}

func run() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.contains("--help") || arguments.contains("-h") {
        print(MockServerCommandLine.usage)
        return
    }
    let configuration: MockServerConfiguration
    do {
        configuration = try MockServerCommandLine.parse(arguments)
    } catch {
        fail("\(error)\n\(MockServerCommandLine.usage)", code: 2)
    }
    let server = MockServer(configuration: configuration)
    do {
        try await server.start()
    } catch {
        fail("\(error)", code: 1)
    }
    // Written straight to the descriptor, unbuffered: a parent process waits for this line.
    FileHandle.standardOutput.write(Data("listening on http://\(configuration.host):\(server.port)\n".utf8))
    var sources: [any DispatchSourceSignal] = []
    let number = await withCheckedContinuation { continuation in
        let gate = SignalGate(continuation)
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)  // the dispatch source gets it instead of the default handler
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { gate.fire(number) }
            source.resume()
            sources.append(source)
        }
    }
    await server.stop()
    FileHandle.standardError.write(Data("mock-server: stopped on signal \(number)\n".utf8))
    for source in sources { source.cancel() }
}

await run()
