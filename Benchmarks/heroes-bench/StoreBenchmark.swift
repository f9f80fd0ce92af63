import Data
import Foundation

/// Saving and loading heroes through `JSONFileStore` (temp file, fsync, rename, lock, schema
/// envelope, sorted keys) against `JSONEncoder` + `Data.write(options: .atomic)` + `JSONDecoder`.
enum StoreBenchmark {
    static func run(count: Int, rounds: Int) async throws -> (store: Duration, plain: Duration) {
        let heroes = try JSONDecoder().decode(PlainPage.self, from: GeneratedHeroes.page(count: count)).items
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "heroes-store-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try JSONFileStore<[PlainHero]>.open(at: folder.appendingPathComponent("store.json"))
        let plainFile = folder.appendingPathComponent("plain.json")
        var stored: [Duration] = []
        var plain: [Duration] = []
        let clock = ContinuousClock()
        for _ in 0..<rounds {
            var loaded = 0
            let start = clock.now
            try await store.write(heroes)
            loaded = try await store.read()?.count ?? 0
            stored.append(clock.now - start)
            guard loaded == count else { throw BenchmarkError("the store loaded \(loaded) of \(count)") }
            plain.append(
                try clock.measure {
                    try JSONEncoder().encode(heroes).write(to: plainFile, options: .atomic)
                    loaded = try JSONDecoder().decode([PlainHero].self, from: Data(contentsOf: plainFile))
                        .count
                })
            guard loaded == count else { throw BenchmarkError("the plain file loaded \(loaded) of \(count)") }
        }
        return (median(stored), median(plain))
    }
}
