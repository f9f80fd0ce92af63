import Foundation
import Locking
import Testing

/// `heroes-cli` with the console forced on a pipe and kept running, so a test can type a line,
/// wait for what it shows, and press Ctrl-C (SIGINT) at a chosen moment.
final class LiveConsole: Sendable {
    private let process: Process
    private let input: Pipe
    /// What the console has shown so far, appended from the pipe's reading thread.
    private final class Shown: Sendable {
        /// Bytes, decoded whole when read, so that a character split between two reads stays whole.
        let bytes = Locked([UInt8]())
    }

    private let output = Shown()
    private let exited = ExitSignal()

    /// Starts the console of `cli` (its HOME as the working directory).
    init(_ cli: CLI) throws {
        process = Process()
        input = Pipe()
        let stdout = Pipe()
        process.executableURL = try CLI.binary()
        process.environment = cli.environment.merging(["HEROES_CONSOLE": "1"]) { _, given in given }
        process.currentDirectoryURL = cli.home
        process.standardInput = input
        process.standardOutput = stdout
        process.standardError = stdout
        let exited = self.exited
        process.terminationHandler = { _ in exited.fire() }
        try process.run()
        // A blocking read on a thread of its own until the end of file, not `readabilityHandler`,
        // whose dispatch source churn can corrupt libdispatch's epoll bookkeeping beside
        // FoundationNetworking's sockets (Transport's README, Platform notes #4).
        let output = self.output
        let reading = stdout.fileHandleForReading
        Thread {
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(reading.fileDescriptor, &chunk, chunk.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return }
                output.bytes.withLock { $0 += chunk[..<count] }
            }
        }.start()
    }

    /// Everything shown so far.
    var transcript: String { String(decoding: output.bytes.withLock { $0 }, as: UTF8.self) }

    /// Types `line` and its newline.
    func type(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Presses Ctrl-C.
    func interrupt() { process.interrupt() }

    /// Waits until the transcript, after its first `offset` characters, contains `text`.
    func waitFor(_ text: String, after offset: Int = 0, timeout: Duration = .seconds(30)) async -> Bool {
        let end = ContinuousClock.now + timeout
        while ContinuousClock.now < end {
            let seen = transcript
            if seen.count > offset, seen.dropFirst(offset).contains(text) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return false
    }

    /// Waits for the process to end and gives its exit status; `nil` if it is still running.
    func exitStatus(timeout: Duration = .seconds(30)) async -> Int32? {
        guard await exited.wait(timeout: timeout) else {
            process.terminate()
            return nil
        }
        return process.terminationStatus
    }
}
