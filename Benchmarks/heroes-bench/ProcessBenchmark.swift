import Foundation
import MockServerKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole processes timed from spawn to exit: `heroes-cli` against a baseline program doing the
/// least work that gives the same answer, in alternating runs of the same process.
enum ProcessBenchmark {
    /// A program and how it is started.
    struct Command {
        let executable: String
        let arguments: [String]
        let environment: [String]

        /// `environment` as `Process` takes it.
        var environmentByName: [String: String] {
            Dictionary(
                environment.map { entry in
                    let parts = entry.split(separator: "=", maxSplits: 1)
                    return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
                }, uniquingKeysWith: { _, last in last })
        }
    }

    /// The medians of one comparison.
    struct Pair {
        let ours: Duration
        let baseline: Duration
    }

    /// `heroes-cli show ID --offline` (the cache filled by a sync first) against `bench-hello`, and
    /// `heroes-cli list` against `curl -s URL/v1/heroes?page=1`, both against one in-process mock
    /// server with the bundled fixtures. `curl` is nil when there is none on the PATH.
    static func run(hero: String, runs: Int) async throws -> (offlineShow: Pair, list: Pair?) {
        let cli = try BuildProducts.sibling("heroes-cli")
        let hello = try BuildProducts.sibling("bench-hello")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "heroes-process-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = MockServer()
        try await server.start()
        do {
            let pairs = try measure(
                cli: cli, hello: hello, base: server.baseURL.absoluteString, folder: folder, hero: hero,
                runs: runs)
            await server.stop()
            return pairs
        } catch {
            await server.stop()
            throw error
        }
    }

    private static func measure(
        cli: String, hello: String, base: String, folder: URL, hero: String, runs: Int
    ) throws -> (offlineShow: Pair, list: Pair?) {
        // A home of its own, so nothing of the user's (cache, bundled server state) is read or written.
        let environment = [
            "HOME=\(folder.path)", "XDG_CACHE_HOME=\(folder.path)/cache", "XDG_DATA_HOME=\(folder.path)/data",
            "PATH=\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")", "NO_COLOR=1",
            "HEROES_CONSOLE=0",
        ]
        let global = ["--server", base, "--cache-dir", folder.appendingPathComponent("heroes").path]
        func command(_ executable: String, _ arguments: [String]) -> Command {
            Command(executable: executable, arguments: arguments, environment: environment)
        }

        try expect(command(cli, global + ["sync"]), output: "synced")
        let show = command(cli, global + ["show", hero, "--offline"])
        try expect(show, output: hero)
        let helloCommand = command(hello, [])
        try expect(helloCommand, output: "hello")
        let offlineShow = try compare(show, helloCommand, runs: runs)

        guard let curl = BuildProducts.onPath("curl") else { return (offlineShow, nil) }
        let list = command(cli, global + ["list"])
        try expect(list, output: "page 1 of")
        let curlCommand = command(curl, ["-s", "\(base)/v1/heroes?page=1"])
        try expect(curlCommand, output: "\"items\"")
        return (offlineShow, try compare(list, curlCommand, runs: runs))
    }

    /// Three warm-up runs of each, then `runs` alternating pairs; the median of each side.
    static func compare(_ ours: Command, _ baseline: Command, runs: Int) throws -> Pair {
        for _ in 0..<3 {
            _ = try time(ours)
            _ = try time(baseline)
        }
        var oursTimes: [Duration] = []
        var baselineTimes: [Duration] = []
        for _ in 0..<runs {
            oursTimes.append(try time(ours))
            baselineTimes.append(try time(baseline))
        }
        return Pair(ours: median(oursTimes), baseline: median(baselineTimes))
    }

    /// Runs a command once through Foundation's `Process` and checks that it exits 0 and prints
    /// `output`, so the timed runs (whose output goes to /dev/null) are known to do the real work.
    private static func expect(_ command: Command, output: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command.executable)
        process.arguments = command.arguments
        process.environment = command.environmentByName
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0, text.contains(output) else {
            let name = ([command.executable] + command.arguments).joined(separator: " ")
            throw BenchmarkError("\(name) exited \(process.terminationStatus) with: \(text)")
        }
    }

    /// Wall time from spawn to exit; a non-zero exit throws.
    private static func time(_ command: Command) throws -> Duration {
        try ProcessUsage.measure(command, scratch: FileManager.default.temporaryDirectory).wall
    }
}

/// Where the programs the benchmark starts are found.
enum BuildProducts {
    /// This executable's folder: the build directory of `swift build -c release`.
    static var folder: URL {
        let me =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: me).deletingLastPathComponent()
    }

    /// A product built beside this one, or an error saying how to build it.
    static func sibling(_ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchmarkError(
                "\(name) is not built beside heroes-bench in \(folder.path): run `swift build -c release` "
                    + "(it builds every product), then `swift run -c release heroes-bench`")
        }
        return path
    }

    /// A program on the PATH, or nil.
    static func onPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
