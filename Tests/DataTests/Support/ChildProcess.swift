import Foundation
import Locking
import TestSupport
import Testing

/// The built `store-writer`, run as a child process whose standard output is read line by
/// line as it arrives, so a test can wait for a state ("opened", "wrote 3") instead of sleeping.
final class ChildProcess: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let buffer = Locked(
        (partial: "", lines: [String](), waiters: [CheckedContinuation<Void, Never>](), ended: false))
    private let exit = Locked((status: Int32?.none, waiters: [CheckedContinuation<Int32, Never>]()))

    /// Starts `store-writer` with `arguments`, and `environment` over the test's own.
    init(_ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = try Self.binary()
        process.arguments = arguments
        process.environment = (Self.environment ?? ProcessInfo.processInfo.environment).merging(environment) {
            _, given in given
        }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        process.terminationHandler = { [weak self] process in self?.ended(process.terminationStatus) }
        try process.run()
        startReading(output.fileHandleForReading)
    }

    // Foundation's Process keeps its pipes open as long as it lives, which is past this
    // object: a suite that leaves them open reaches the open-file count at which `Process.run`
    // itself can crash.
    deinit {
        try? input.fileHandleForWriting.close()
        try? errors.fileHandleForReading.close()
    }

    /// Reads the child's output on a thread of its own, with blocking reads until the end of
    /// file. Not `readabilityHandler`: each one adds and removes a dispatch source on the pipe,
    /// and that churn, beside FoundationNetworking's socket sources in the same test process,
    /// can corrupt libdispatch's epoll bookkeeping (Transport's README, Platform notes #4).
    private func startReading(_ handle: FileHandle) {
        Thread { [weak self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(handle.fileDescriptor, &chunk, chunk.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                self?.receive(Data(chunk[..<count]))
            }
            try? handle.close()
            self?.receive(Data())
        }.start()
    }

    /// The process id.
    var pid: Int32 { process.processIdentifier }

    /// The lines printed so far.
    var lines: [String] { buffer.withLock { $0.lines } }

    /// Waits until a line satisfies `predicate` (true) or the output ends without one (false).
    func waitForLine(_ predicate: @escaping @Sendable (String) -> Bool) async -> Bool {
        while true {
            let state = buffer.withLock { ($0.lines.contains(where: predicate), $0.ended) }
            if state.0 { return true }
            if state.1 { return false }
            await withCheckedContinuation { continuation in
                let resumeNow = buffer.withLock { state in
                    if state.ended || state.lines.contains(where: predicate) { return true }
                    state.waiters.append(continuation)
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        }
    }

    /// Closes the child's standard input (a holding `increment` then ends).
    func closeInput() { try? input.fileHandleForWriting.close() }

    /// Sends `signal` to the child.
    func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the child to end; its exit status (or the signal that ended it).
    func status() async -> Int32 {
        await withCheckedContinuation { continuation in
            let status = exit.withLock { state -> Int32? in
                if let status = state.status { return status }
                state.waiters.append(continuation)
                return nil
            }
            if let status { continuation.resume(returning: status) }
        }
    }

    /// Everything the child wrote on standard error (after it ended).
    func standardError() -> String {
        String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    private func receive(_ data: Data) {
        let waiters = buffer.withLock { state -> [CheckedContinuation<Void, Never>] in
            if data.isEmpty {
                state.ended = true
            } else {
                state.partial += String(decoding: data, as: UTF8.self)
                while let newline = state.partial.firstIndex(of: "\n") {
                    state.lines.append(String(state.partial[..<newline]))
                    state.partial = String(state.partial[state.partial.index(after: newline)...])
                }
            }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    private func ended(_ status: Int32) {
        let waiters = exit.withLock { state in
            state.status = status
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: status) }
        // The output ends at the pipe's end of file, not here: what the child wrote just before
        // it exited can still be in the pipe, not yet read. Should the
        // end never come (another child holding the pipe's write end), stop waiting after a while.
        Task { [weak self] in
            try? await Task.sleep(for: .seconds(30))
            self?.receive(Data())
        }
    }

    /// The `store-writer` that `swift build` put beside this test bundle.
    /// The test process's environment, except that under coverage the child's profile goes to
    /// a folder of its own: the tests SIGKILL it at random moments, now and then while it writes
    /// that profile, and `swift test` fails when it finds a torn profile among its own.
    /// `Scripts/coverage.sh` merges that folder too, skipping torn files. `nil` (inherit) otherwise.
    private static let environment: [String: String]? = {
        var environment = ProcessInfo.processInfo.environment
        guard let pattern = environment["LLVM_PROFILE_FILE"] else { return nil }
        let folder = URL(fileURLWithPath: pattern).deletingLastPathComponent()
            .appendingPathComponent("killed-children", isDirectory: true)
        // The profile runtime does not make the folder.
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        environment["LLVM_PROFILE_FILE"] = folder.appendingPathComponent("store-writer-%p.profraw").path
        return environment
    }()

    static func binary() throws -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ].map { $0.appendingPathComponent("store-writer") }
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "store-writer is not built next to the tests; run `swift build` first")
    }
}
