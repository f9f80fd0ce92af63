import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A server run as a process (`mock-server`, or `heroes-cli serve`), whose first line on
/// standard output is `listening on http://HOST:PORT`.
final class ServerProcess {
    private let process = Process()
    private let exited = ExitSignal()
    /// Where it listens.
    let url: URL

    init(executable: URL, arguments: [String], cli: CLI) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.environment = cli.environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let exited = self.exited
        process.terminationHandler = { _ in exited.fire() }
        try process.run()
        let line = Self.firstLine(of: output.fileHandleForReading)
        let prefix = "listening on "
        guard line.hasPrefix(prefix), let url = URL(string: String(line.dropFirst(prefix.count))) else {
            process.terminate()
            throw ServerProcessError(line: line)
        }
        self.url = url
    }

    /// Sends `signal` and answers the exit status.
    func stop(signal number: Int32) async throws -> Int32 {
        kill(process.processIdentifier, number)
        let ended = await exited.wait(timeout: .seconds(20))
        #expect(ended, "the server did not stop on signal \(number)")
        if !ended { process.terminate() }
        return process.terminationStatus
    }

    deinit { if process.isRunning { process.terminate() } }

    /// Reads byte by byte up to the first newline (the pipe stays open; the server keeps running).
    private static func firstLine(of handle: FileHandle) -> String {
        var bytes: [UInt8] = []
        while let byte = try? handle.read(upToCount: 1), let first = byte.first, first != UInt8(ascii: "\n") {
            bytes.append(first)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

struct ServerProcessError: Error, CustomStringConvertible {
    let line: String
    var description: String { "the server's first line was not `listening on …`: '\(line)'" }
}
