import Foundation
import MockServerKit

/// Whole `heroes-cli` processes on a cache synced from 10,000 heroes against the same on one of
/// 44: a command that reads or writes one hero, or one page, should cost the same at both
/// sizes. Also the bytes a sync writes when one hero of 10,000 changed, against the first full
/// sync's. Both servers are mock servers of generated heroes in this process.
enum StoreScaleBenchmark {
    /// The medians of one command at both sizes.
    struct Pair {
        let small: ProcessUsage
        let large: ProcessUsage
    }

    struct Result {
        let show: Pair
        let list: Pair
        let update: Pair
        let fullSyncBytes: Int
        let oneChangeSyncBytes: Int
        let changedRecordBytes: Int
    }

    static func run(small smallCount: Int, large largeCount: Int, hero: Int, runs: Int) async throws -> Result
    {
        let cli = try BuildProducts.sibling("heroes-cli")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "heroes-scale-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = try await SyncBenchmark.server(count: smallCount)
        let large = try await SyncBenchmark.server(count: largeCount)
        do {
            let result = try measure(
                cli: cli, folder: folder, small: small, large: large, largeCount: largeCount, hero: hero,
                runs: runs)
            await small.stop()
            await large.stop()
            return result
        } catch {
            await small.stop()
            await large.stop()
            throw error
        }
    }

    private static func measure(
        cli: String, folder: URL, small: MockServer, large: MockServer, largeCount: Int, hero: Int, runs: Int
    ) throws -> Result {
        let environment = [
            "HOME=\(folder.path)", "XDG_CACHE_HOME=\(folder.path)/cache", "XDG_DATA_HOME=\(folder.path)/data",
            "PATH=\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")", "NO_COLOR=1",
            "HEROES_CONSOLE=0", "HEROES_USER=editor", "HEROES_PASSWORD=editor-demo-password",
        ]
        let id = String(format: "%05d", hero)
        func command(_ server: MockServer, cache: String, _ arguments: [String]) -> ProcessBenchmark.Command {
            ProcessBenchmark.Command(
                executable: cli,
                arguments: [
                    "--server", server.baseURL.absoluteString, "--cache-dir", folder.path + "/" + cache,
                ]
                    + arguments,
                environment: environment)
        }
        let fullSync = try ProcessUsage.measure(command(large, cache: "large", ["sync"]), scratch: folder)
        _ = try ProcessUsage.measure(command(small, cache: "small", ["sync"]), scratch: folder)

        var samples: [String: [ProcessUsage]] = [:]
        for run in 0..<(runs + 3) {
            for (name, server) in [("small", small), ("large", large)] {
                let power = run.isMultiple(of: 2) ? "Power A" : "Power B"
                let commands = [
                    ("show", ["show", id, "--offline"]), ("list", ["list", "--offline"]),
                    ("update", ["update", id, "--power", power]),
                ]
                for (label, arguments) in commands {
                    let usage = try ProcessUsage.measure(
                        command(server, cache: name, arguments), scratch: folder)
                    if run >= 3 { samples["\(label) \(name)", default: []].append(usage) }  // 3 warm-ups
                }
            }
        }
        func pair(_ label: String) -> Pair {
            Pair(
                small: medians(samples["\(label) small"] ?? []),
                large: medians(samples["\(label) large"] ?? []))
        }

        // One hero changes on the server (through another cache), then the first cache syncs.
        let changed = String(format: "%05d", largeCount / 2)
        _ = try ProcessUsage.measure(
            command(large, cache: "other", ["update", changed, "--power", "Changed Elsewhere"]),
            scratch: folder)
        let oneChange = try ProcessUsage.measure(command(large, cache: "large", ["sync"]), scratch: folder)
        return Result(
            show: pair("show"), list: pair("list"), update: pair("update"),
            fullSyncBytes: fullSync.writtenBytes,
            oneChangeSyncBytes: oneChange.writtenBytes,
            changedRecordBytes: try recordBytes(of: changed, on: large))
    }

    /// The size of a hero's record as the server sends it.
    private static func recordBytes(of id: String, on server: MockServer) throws -> Int {
        try Data(contentsOf: server.baseURL.appendingPathComponent("v1/heroes/\(id)")).count
    }

    private static func medians(_ usages: [ProcessUsage]) -> ProcessUsage {
        ProcessUsage(
            wall: median(usages.map(\.wall)), peakKilobytes: median(usages.map(\.peakKilobytes)),
            writtenBytes: median(usages.map(\.writtenBytes)))
    }
}
