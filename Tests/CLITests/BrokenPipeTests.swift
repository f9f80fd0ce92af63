import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CLITests {
    @Suite("Standard output that cannot be written")
    struct BrokenPipeTests {
        @Test(
            "heroes-cli ends quietly by SIGPIPE, as `| head -1` expects, never with a trap and a backtrace",
            arguments: [
                ["list", "--per-page", "100"],  // the bundled server runs, and ignores SIGPIPE
                ["--json", "list", "--per-page", "100"],
                ["--offline", "show", "0007"],  // no server at all
            ])
        func readerGone(arguments: [String]) async throws {
            let cli = try CLI()
            _ = try await cli.run("sync")
            let run = try await cli.run(arguments, output: .readerGone)
            #expect(run.signalled && run.status == SIGPIPE, "\(run)")
            #expect(run.stderr.isEmpty, "\(run)")
        }

        @Test(
            "any other failure to write (a full disk) is one line on standard error and exit 74",
            .enabled(if: FileManager.default.fileExists(atPath: "/dev/full")))
        func diskFull() async throws {
            let run = try await CLI().run(["--version"], output: .full)
            #expect(!run.signalled && run.status == 74, "\(run)")
            #expect(run.stderr.hasPrefix("heroes-cli: cannot write to standard output: "), "\(run)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(run)")
        }
    }
}
