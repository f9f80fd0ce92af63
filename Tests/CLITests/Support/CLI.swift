import Foundation
import Testing

/// The built `heroes-cli`, run as a process the way a script runs it: its own HOME, cache and
/// data folders under a fresh temporary directory, no `HEROES_*` variable inherited.
struct CLI: Sendable {
    /// What one run printed and how it ended.
    struct Run: Sendable, CustomStringConvertible {
        /// The exit status, or the signal's number when `signalled`.
        let status: Int32
        let stdout: String
        let stderr: String
        /// Whether a signal ended the process.
        var signalled = false

        /// Standard output parsed as one JSON object.
        func json() throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
            return try #require(object as? [String: Any], "stdout is not a JSON object: \(stdout)")
        }

        var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// The temporary HOME of this CLI; the cache and the bundled server's data live under it.
    let home: URL
    /// Variables every run gets, on top of a minimal PATH.
    var environment: [String: String]
    /// The store every run uses: the bundled plist's, or another by its app plist (`--config`).
    var store = AppStore.jsonFiles

    /// A CLI with a fresh HOME (and XDG folders inside it).
    init(environment: [String: String] = [:]) throws {
        home = FileManager.default.temporaryDirectory
            .appendingPathComponent("heroes-cli-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        self.environment = [
            "HOME": home.path,
            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "PATH": "/usr/bin:/bin",
        ]
        .merging(Self.profileFile) { _, inherited in inherited }
        .merging(Self.sanitizerOptions) { _, given in given }
        .merging(environment) { _, given in given }
    }

    /// The sanitizer runtime's options of this test process (`Scripts/sanitize.sh` sets them), so
    /// a heroes-cli built with the same sanitizer runs with the same options.
    static let sanitizerOptions = ProcessInfo.processInfo.environment.filter {
        ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"].contains($0.key)
    }

    /// Under `swift test --enable-code-coverage`, the test process's `LLVM_PROFILE_FILE` (a
    /// pattern in SwiftPM's codecov folder, with `%p`), passed on so the instrumented child writes
    /// its profile beside the tests' and `Scripts/coverage.sh` counts it. Empty otherwise.
    private static let profileFile: [String: String] =
        ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"].map { ["LLVM_PROFILE_FILE": $0] } ?? [:]

    /// A CLI talking to `server` as the demo editor, with the demo clearance key.
    static func editor(of server: URL, store: AppStore = .jsonFiles) throws -> CLI {
        var cli = try CLI(environment: [
            "HEROES_SERVER": server.absoluteString,
            "HEROES_USER": "editor",
            "HEROES_PASSWORD": "editor-demo-password",
            "HEROES_CLEARANCE_KEY": demoKey,
        ])
        cli.store = store
        return cli
    }

    /// The published demo clearance key.
    static let demoKey = "aGVyb2VzLWRlbW8tY2xlYXJhbmNlLWtleS0yMDI2ISE="

    /// Runs `heroes-cli arguments…` to the end (at most `timeout`), with `extra` variables and
    /// `input` as standard input (none when `nil`).
    func run(
        _ arguments: String..., environment extra: [String: String] = [:], input: String? = nil,
        timeout: Duration = .seconds(60)
    )
        async throws -> Run
    {
        try await run(arguments, environment: extra, input: input, timeout: timeout)
    }

    /// Runs `heroes-cli` with an array of arguments; see `run(_:environment:timeout:)`.
    /// Where a run's standard output goes.
    enum Output: Sendable {
        /// A file, read back into `Run.stdout`.
        case captured
        /// A pipe whose reader has already closed it.
        case readerGone
        /// `/dev/full`, where every write fails with ENOSPC.
        case full
    }

    /// `output` says where standard output goes (by default it is captured); `whileRunning`, if
    /// given, is called with the process's id once it has started, and awaited before the run is
    /// waited for.
    func run(
        _ arguments: [String], environment extra: [String: String] = [:], input: String? = nil,
        timeout: Duration = .seconds(60), output: Output = .captured,
        whileRunning: (@Sendable (Int32) async -> Void)? = nil
    )
        async throws -> Run
    {
        let outputs = home.appendingPathComponent("run-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: outputs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: outputs) }
        let stdoutFile = outputs.appendingPathComponent("stdout")
        let stderrFile = outputs.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        // Foundation's Process keeps the child's streams open as long as it lives; a suite that
        // leaks them reaches the open-file count at which `Process.run` itself can crash.
        var handles: [FileHandle] = []
        defer { for handle in handles { try? handle.close() } }
        let process = Process()
        process.executableURL = try Self.binary()
        process.arguments = (store.appPlist.map { ["--config", $0.path] } ?? []) + arguments
        process.environment = environment.merging(extra) { _, given in given }
        process.currentDirectoryURL = home
        if let input {
            let inputFile = outputs.appendingPathComponent("stdin")
            _ = FileManager.default.createFile(atPath: inputFile.path, contents: Data(input.utf8))
            let inputHandle = try FileHandle(forReadingFrom: inputFile)
            handles.append(inputHandle)
            process.standardInput = inputHandle
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        switch output {
        case .captured:
            handles.append(try FileHandle(forWritingTo: stdoutFile))
            process.standardOutput = handles.last
        case .readerGone:
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            process.standardOutput = pipe
        case .full:
            handles.append(try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full")))
            process.standardOutput = handles.last
        }
        handles.append(try FileHandle(forWritingTo: stderrFile))
        process.standardError = handles.last
        let exited = ExitSignal()
        process.terminationHandler = { _ in exited.fire() }
        try process.run()
        await whileRunning?(process.processIdentifier)
        if await !exited.wait(timeout: timeout) {
            process.terminate()
            await _ = exited.wait(timeout: .seconds(5))
            Issue.record("heroes-cli \(arguments.joined(separator: " ")) did not end within \(timeout)")
        }
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: stdoutFile), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: stderrFile), as: UTF8.self),
            signalled: process.terminationReason == .uncaughtSignal)
    }

    /// The `heroes-cli` that `swift build` put beside this test bundle.
    static func binary() throws -> URL {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL,
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ].map { $0.appendingPathComponent("heroes-cli") }
        return try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "heroes-cli is not built next to the tests; run `swift build` first (looked at \(candidates.map(\.path)))"
        )
    }
}
