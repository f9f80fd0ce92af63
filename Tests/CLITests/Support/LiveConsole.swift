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
        let text = Locked("")
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
        let output = self.output
        stdout.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            output.text.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        let exited = self.exited
        process.terminationHandler = { _ in exited.fire() }
        try process.run()
    }

    /// Everything shown so far.
    var transcript: String { output.text.withLock { $0 } }

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
