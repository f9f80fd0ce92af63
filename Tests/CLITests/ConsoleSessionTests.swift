import Foundation
import Testing

extension CLITests {
    /// A person's session in a pseudo-terminal, played by `Scripts/console-session.py` (Python's
    /// `pty` module): start, search, open a hero and see its picture in half blocks, edit, Ctrl-C
    /// out of the edit form back to the list, open the hero again, back, and Ctrl-C on the list to
    /// quit with 0, the terminal's modes unchanged.
    @Suite("The interactive console in a pseudo-terminal")
    struct ConsoleSessionTests {
        static let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }

        @Test("a whole session works on a terminal, Ctrl-C included", .enabled(if: python != nil))
        func session() async throws {
            let cli = try CLI()
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Scripts/console-session.py")
            let output = cli.home.appendingPathComponent("session.txt")
            _ = FileManager.default.createFile(atPath: output.path, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: try #require(Self.python))
            process.arguments = [script.path, try CLI.binary().path]
            process.environment = cli.environment
            process.currentDirectoryURL = cli.home
            process.standardInput = FileHandle.nullDevice
            let outputHandle = try FileHandle(forWritingTo: output)
            defer { try? outputHandle.close() }
            process.standardOutput = outputHandle
            process.standardError = outputHandle
            let exited = ExitSignal()
            process.terminationHandler = { _ in exited.fire() }
            try process.run()
            if await !exited.wait(timeout: .seconds(120)) {
                process.terminate()
                Issue.record("the session did not end within 120 s")
            }
            let transcript = String(decoding: try Data(contentsOf: output), as: UTF8.self)
            #expect(process.terminationStatus == 0, "\(transcript)")
            #expect(transcript.hasSuffix("SESSION OK\n"), "\(transcript)")
            #expect(transcript.contains("⎋[38;2;"), "no 24-bit colour in \(transcript)")
        }
    }
}
