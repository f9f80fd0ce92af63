import Foundation
import Testing

extension CLITests {
    @Suite("Server text in diagnostic lines")
    struct VerboseEscapingTests {
        @Test(
            "--verbose never lets a server's error body rewrite the line: CR, erase-line and colours come out escaped",
            arguments: [["--verbose", "show", "0007"], ["show", "0007"], ["--verbose", "list"]])
        func forgedLine(arguments: [String]) async throws {
            let forged = "\r\u{1B}[2K\u{1B}[32mOK: all heroes synced\u{1B}[0m\u{1B}]8;;http://x\u{07}"
            let server = try CannedServer(
                head:
                    "HTTP/1.1 500 Internal Server Error\nContent-Type: text/plain\nContent-Length: LENGTH\n\n",
                body: Data(forged.utf8))
            let run = try await CLI(environment: [
                "HEROES_SERVER": server.url.absoluteString, "NO_COLOR": "1",
            ])
            .run(arguments)
            #expect(run.status == 69, "\(run)")
            #expect(!run.stderr.contains("\r"), "\(run.stderr.debugDescription)")
            #expect(!run.stderr.contains("\u{1B}"), "\(run.stderr.debugDescription)")
            if arguments.first == "--verbose" {
                #expect(
                    run.stderr.contains("\\e[2K\\e[32mOK"), "shown, escaped: \(run.stderr.debugDescription)")
            }
        }
    }
}
