// mock-server: the Heroes API mock as a process. Prints `listening on http://HOST:PORT`,
// then serves until SIGINT or SIGTERM. `mock-server import-har FILE.har --root-dir DIR` writes
// a HAR archive as stub mappings and exits.
import Foundation
import MockServerKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The self-pipe SIGINT and SIGTERM write to, installed before the first line is printed,
/// so a signal sent as soon as a parent reads it is not lost.
let signalPipe: (read: Int32, write: Int32) = {
    var ends: [Int32] = [-1, -1]
    _ = pipe(&ends)
    return (ends[0], ends[1])
}()

/// One line on standard error; a mapping's file name or JSON key in it is someone else's text.
func fail(_ message: String, code: Int32, then usage: String = "") -> Never {
    FileHandle.standardError.write(Data("mock-server: \(TerminalText.escaped(message))\n\(usage)".utf8))
    exit(code)
}

/// Waits on a plain thread, never a cooperative one, for the first signal.
func nextSignal() async -> Int32 {
    await withCheckedContinuation { continuation in
        Thread {
            var byte: UInt8 = 0
            while read(signalPipe.read, &byte, 1) != 1 {}
            continuation.resume(returning: Int32(byte))
        }.start()
    }
}

/// A subcommand's report on standard output, its errors on standard error, then its exit code.
func finish(_ outcome: CommandOutcome) -> Never {
    FileHandle.standardOutput.write(Data(outcome.output.utf8))
    FileHandle.standardError.write(Data(outcome.errors.utf8))
    exit(outcome.status)
}

func run() async {
    MockServer.setUpOutboundClient()
    let arguments = Array(CommandLine.arguments.dropFirst())
    switch arguments.first {
    case "verify": finish(await VerifyCommand.run(Array(arguments.dropFirst())))
    case HARImportCommand.name: finish(HARImportCommand.run(Array(arguments.dropFirst())))
    default: break
    }
    if arguments == ["--version"] {
        print(MockServerCommandLine.version)
        return
    }
    if arguments.contains("--help") || arguments.contains("-h") {
        print(MockServerCommandLine.usage)
        return
    }
    let configuration: MockServerConfiguration
    do {
        configuration = try MockServerCommandLine.parse(
            arguments, environment: ProcessInfo.processInfo.environment)
    } catch {
        // EX_USAGE, as heroes-cli exits on a bad command line.
        fail("\(error)", code: 64, then: MockServerCommandLine.usage + "\n")
    }
    _ = signalPipe
    for number in [SIGINT, SIGTERM] {
        // Only write(2), which is async-signal-safe, happens in the handler.
        signal(number) { received in
            var byte = UInt8(truncatingIfNeeded: received)
            _ = write(signalPipe.write, &byte, 1)
        }
    }
    let server = MockServer(configuration: configuration)
    do {
        try await server.start()
    } catch {
        // EX_CONFIG for a bad mapping or root directory; else EX_UNAVAILABLE, as heroes-cli
        // serve exits when the port is taken.
        fail("\(error)", code: error.isConfiguration ? 78 : 69)
    }
    // Unbuffered, straight to the descriptor: a parent waits for this line. IPv6 is
    // bracketed, as in a URL, so the parent can use it as it is.
    let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
    FileHandle.standardOutput.write(Data("listening on http://\(host):\(server.port)\n".utf8))
    let number = await nextSignal()
    await server.stop()
    FileHandle.standardError.write(Data("mock-server: stopped on signal \(number)\n".utf8))
}

await run()
