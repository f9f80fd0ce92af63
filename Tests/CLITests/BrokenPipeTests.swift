import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CLITests {
    @Suite("Standard output whose reader has gone")
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
            let run = try await cli.run(arguments, readerGone: true)
            #expect(run.signalled && run.status == SIGPIPE, "\(run)")
            #expect(run.stderr.isEmpty, "\(run)")
        }
    }
}
