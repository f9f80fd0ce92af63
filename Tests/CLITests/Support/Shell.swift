import Foundation
import Testing

/// A shell run as a process for the completion tests: the script heroes-cli printed is loaded,
/// then a few lines of the shell's own language ask it what it would complete. `heroes-cli` is
/// found on `PATH` (a folder holding a link to the built binary), as a person's shell finds it.
enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// The shell's executable, if this machine has it.
    var executable: URL? {
        ["/usr/bin/\(rawValue)", "/bin/\(rawValue)", "/usr/local/bin/\(rawValue)"]
            .map(URL.init(fileURLWithPath:))
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Runs `commands` in this shell after loading `script`, in `cli`'s environment with the built
    /// heroes-cli first on `PATH`; standard output and standard error come back, and the status.
    func run(_ commands: String, loading script: String, cli: CLI) async throws -> CLI.Run {
        let shell = try #require(executable, "\(rawValue) is not installed")
        let folder = cli.home.appendingPathComponent("shell-\(UUID().uuidString)", isDirectory: true)
        let bin = folder.appendingPathComponent("bin", isDirectory: true)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("heroes-cli"), withDestinationURL: try CLI.binary())
        let scriptFile = folder.appendingPathComponent("completion")
        try Data(script.utf8).write(to: scriptFile)
        let body = folder.appendingPathComponent("commands")
        try Data(commands.utf8).write(to: body)
        let stdoutFile = folder.appendingPathComponent("stdout")
        let stderrFile = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        let process = Process()
        process.executableURL = shell
        // bash and zsh: `source FILE`; fish: the same word. Then the test's own lines.
        let loader = "source \(scriptFile.path)\nsource \(body.path)\n"
        process.arguments =
            switch self {
            case .bash: ["--norc", "--noprofile", "-c", loader]
            case .zsh: ["-f", "-c", loader]
            case .fish: ["--no-config", "-c", loader]
            }
        var environment = cli.environment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        process.currentDirectoryURL = cli.home
        process.standardInput = FileHandle.nullDevice
        let stdoutHandle = try FileHandle(forWritingTo: stdoutFile)
        let stderrHandle = try FileHandle(forWritingTo: stderrFile)
        defer { for handle in [stdoutHandle, stderrHandle] { try? handle.close() } }
        process.standardOutput = stdoutHandle
        process.standardError = stderrHandle
        let exited = ExitSignal()
        process.terminationHandler = { _ in exited.fire() }
        try process.run()
        if await !exited.wait(timeout: .seconds(60)) {
            process.terminate()
            Issue.record("\(rawValue) did not end within a minute")
        }
        return CLI.Run(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: stdoutFile), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: stderrFile), as: UTF8.self))
    }
}
