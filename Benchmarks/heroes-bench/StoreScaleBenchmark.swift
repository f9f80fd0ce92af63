import Foundation
import MockServerKit

/// Whole `heroes-cli` processes on a cache synced from 10,000 heroes against the same on one of
/// 44: a command that reads or writes one hero, or one page, should cost the same at both
/// sizes. Also the bytes a sync writes when one hero of 10,000 changed, against the first full
/// sync's. Both servers are mock servers of generated heroes in this process.
///
/// Each store the app ships is measured in the same run (the JSON-file store of the bundled
/// plist, and SQLite by `--config Heroes-SQLite.plist`), their runs taken in turns, so that
/// whatever else shares the cores weighs on both alike.
enum StoreScaleBenchmark {
    /// A store, as heroes-cli is told to use it.
    struct Store {
        /// Its name in the table.
        let name: String
        /// The app plist that chooses it; `nil` for the bundled one.
        let appPlist: String?
    }

    /// The medians of one command at both sizes.
    struct Pair {
        let small: ProcessUsage
        let large: ProcessUsage
    }

    /// What one store measured.
    struct Result {
        let show: Pair
        let list: Pair
        let update: Pair
        /// A first sync of every hero of the large server into an empty cache.
        let fullSync: ProcessUsage
        /// A sync of the large cache after one hero changed on the server.
        let oneChangeSync: ProcessUsage
        /// A sync of the large cache with nothing new on the server, and the status of each
        /// request it made (`--verbose`'s lines).
        let upToDateSync: ProcessUsage
        let upToDateStatuses: [String]
        let changedRecordBytes: Int
    }

    /// The stores heroes-cli ships: its bundled plist's, and SQLite, by the plist it bundles for it.
    static func stores() throws -> [Store] {
        let bundled = BuildProducts.folder.appendingPathComponent(
            "Heroes_HeroesApp.resources/Heroes-SQLite.plist")
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/HeroesApp/Heroes-SQLite.plist")
        guard
            let sqlite = [bundled, source].first(where: { FileManager.default.fileExists(atPath: $0.path) })
        else { throw BenchmarkError("no Heroes-SQLite.plist beside heroes-cli or in the source tree") }
        return [Store(name: "JSON files", appPlist: nil), Store(name: "SQLite", appPlist: sqlite.path)]
    }

    static func run(stores: [Store], small smallCount: Int, large largeCount: Int, hero: Int, runs: Int)
        async throws -> [Result]
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
                cli: cli, stores: stores, folder: folder, small: small, large: large, largeCount: largeCount,
                hero: hero, runs: runs)
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
        cli: String, stores: [Store], folder: URL, small: MockServer, large: MockServer, largeCount: Int,
        hero: Int, runs: Int
    ) throws -> [Result] {
        let environment = [
            "HOME=\(folder.path)", "XDG_CACHE_HOME=\(folder.path)/cache", "XDG_DATA_HOME=\(folder.path)/data",
            "PATH=\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")", "NO_COLOR=1",
            "HEROES_CONSOLE=0", "HEROES_USER=editor", "HEROES_PASSWORD=editor-demo-password",
        ]
        let id = String(format: "%05d", hero)
        func command(_ store: Store?, _ server: MockServer, cache: String, _ arguments: [String])
            -> ProcessBenchmark.Command
        {
            ProcessBenchmark.Command(
                executable: cli,
                arguments: (store?.appPlist.map { ["--config", $0] } ?? [])
                    + ["--server", server.baseURL.absoluteString, "--cache-dir", folder.path + "/" + cache]
                    + arguments,
                environment: environment)
        }
        func cache(_ index: Int, _ size: String) -> String { "store-\(index)-\(size)" }

        // Full syncs into empty caches, in turns; the last of each store's is the cache measured.
        var fullSyncs: [[ProcessUsage]] = Array(repeating: [], count: stores.count)
        for round in 0..<3 {
            for (index, store) in stores.enumerated() {
                let target = round == 2 ? cache(index, "large") : cache(index, "scratch-\(round)")
                fullSyncs[index].append(
                    try ProcessUsage.measure(command(store, large, cache: target, ["sync"]), scratch: folder))
            }
        }
        for (index, store) in stores.enumerated() {
            _ = try ProcessUsage.measure(
                command(store, small, cache: cache(index, "small"), ["sync"]), scratch: folder)
        }

        var samples: [String: [ProcessUsage]] = [:]
        for run in 0..<(runs + 3) {
            for (index, store) in stores.enumerated() {
                for (size, server) in [("small", small), ("large", large)] {
                    let power = run.isMultiple(of: 2) ? "Power A" : "Power B"
                    let commands = [
                        ("show", ["show", id, "--offline"]), ("list", ["list", "--offline"]),
                        ("update", ["update", id, "--power", power]),
                    ]
                    for (label, arguments) in commands {
                        let usage = try ProcessUsage.measure(
                            command(store, server, cache: cache(index, size), arguments), scratch: folder)
                        // The first 3 runs warm up.
                        if run >= 3 { samples["\(index) \(label) \(size)", default: []].append(usage) }
                    }
                }
            }
        }

        // One hero changes on the server (through another cache), then each store's cache syncs
        // it, in turns, three times.
        var oneChangeSyncs: [[ProcessUsage]] = Array(repeating: [], count: stores.count)
        var changed = ""
        for round in 0..<3 {
            changed = String(format: "%05d", largeCount / 2 + round)
            _ = try ProcessUsage.measure(
                command(nil, large, cache: "other", ["update", changed, "--power", "Changed Elsewhere"]),
                scratch: folder)
            for (index, store) in stores.enumerated() {
                oneChangeSyncs[index].append(
                    try ProcessUsage.measure(
                        command(store, large, cache: cache(index, "large"), ["sync"]), scratch: folder))
            }
        }
        // Nothing new: each cache syncs again, in turns, three times, saying what it sent.
        var upToDate: [[ProcessUsage]] = Array(repeating: [], count: stores.count)
        var statuses: [[String]] = Array(repeating: [], count: stores.count)
        for _ in 0..<3 {
            for (index, store) in stores.enumerated() {
                let (usage, errors) = try ProcessUsage.measureKeepingErrors(
                    command(store, large, cache: cache(index, "large"), ["sync", "--verbose"]),
                    scratch: folder)
                upToDate[index].append(usage)
                // `heroes-cli: ← 304 GET http://…/v1/heroes?… (3 ms)`: the status before the method.
                statuses[index] = errors.split(separator: "\n").compactMap { line in
                    let words = line.split(separator: " ")
                    let at = words.indices.dropLast().first {
                        Int(words[$0]) != nil && ["GET", "PUT", "POST", "DELETE"].contains(words[$0 + 1])
                    }
                    return at.map { String(words[$0]) }
                }
            }
        }
        let recordBytes = try recordBytes(of: changed, on: large)
        return stores.indices.map { index in
            func pair(_ label: String) -> Pair {
                Pair(
                    small: medians(samples["\(index) \(label) small"] ?? []),
                    large: medians(samples["\(index) \(label) large"] ?? []))
            }
            return Result(
                show: pair("show"), list: pair("list"), update: pair("update"),
                fullSync: medians(fullSyncs[index]), oneChangeSync: medians(oneChangeSyncs[index]),
                upToDateSync: medians(upToDate[index]), upToDateStatuses: statuses[index],
                changedRecordBytes: recordBytes)
        }
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
