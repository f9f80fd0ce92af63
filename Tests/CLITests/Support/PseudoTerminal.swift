import Foundation
import Testing

/// Runs a command on a pseudo-terminal through Python's `pty` module, answering one prompt, so a
/// test sees what a person at a terminal sees: colours, progress redrawn in place, no echo.
enum PseudoTerminal {
    /// Where python3 is, if this machine has it.
    static let python: URL? = ["/usr/bin/python3", "/usr/local/bin/python3"]
        .map(URL.init(fileURLWithPath:))
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    private static let script = """
        import os, pty, select, sys, time
        prompt, answer, argv = sys.argv[1].encode(), sys.argv[2].encode(), sys.argv[3:]
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(argv[0], argv)
        out, sent, end = b"", False, time.time() + 30
        while time.time() < end:
            ready, _, _ = select.select([fd], [], [], 0.1)
            if not ready:
                continue
            try:
                data = os.read(fd, 4096)
            except OSError:
                break
            if not data:
                break
            out += data
            if prompt and prompt in out and not sent:
                os.write(fd, answer + b"\\n")
                sent = True
        _, status = os.waitpid(pid, 0)
        sys.stdout.buffer.write(out)
        sys.exit(os.waitstatus_to_exitcode(status))
        """

    /// Runs `arguments` of heroes-cli on a terminal, typing `answer` after `prompt` appears.
    static func run(
        _ cli: CLI, _ arguments: [String], prompt: String = "", answer: String = "",
        environment: [String: String] = [:]
    ) async throws -> CLI.Run {
        try await play(script, [prompt, answer], cli, arguments, environment: environment)
    }

    /// Runs the Python `script` with `scriptArguments`, then heroes-cli's path and `arguments`,
    /// in `cli`'s HOME, and answers what the terminal showed and how the script ended.
    static func play(
        _ script: String, _ scriptArguments: [String], _ cli: CLI, _ arguments: [String],
        environment: [String: String]
    ) async throws -> CLI.Run {
        let python = try #require(python)
        let process = Process()
        process.executableURL = python
        process.arguments = ["-c", script] + scriptArguments + [try CLI.binary().path] + arguments
        process.environment = cli.environment.merging(environment) { _, given in given }
        process.currentDirectoryURL = cli.home
        let output = cli.home.appendingPathComponent("pty-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let outputHandle = try FileHandle(forWritingTo: output)
        defer { try? outputHandle.close() }
        process.standardOutput = outputHandle
        process.standardError = FileHandle.nullDevice
        let exited = ExitSignal()
        process.terminationHandler = { _ in exited.fire() }
        try process.run()
        _ = await exited.wait(timeout: .seconds(40))
        let text = String(decoding: try Data(contentsOf: output), as: UTF8.self)
        return CLI.Run(status: process.terminationStatus, stdout: text, stderr: "")
    }
}
