// heroes-benchmarks: speed and memory goals measured as ratios against a baseline in the same run.
//
//     swift run -c release heroes-benchmarks [--iterations N] [--megabytes N] [--in-memory]
//         [--heroes N] [--rounds N] [--only-data]
//
// --only-data stops after the mapping, store and sync measurements (10,000 heroes by default).
import Foundation

let arguments = CommandLine.arguments
if let index = arguments.firstIndex(of: "--sync-child"), index + 1 < arguments.count,
    let url = URL(string: arguments[index + 1])
{
    try await SyncBenchmark.child(url: url)
    exit(0)
}
func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return value }
    return Int(arguments[index + 1]) ?? value
}

func microseconds(_ duration: Duration) -> String {
    String(format: "%.2f µs", duration.seconds * 1e6)
}

func milliseconds(_ duration: Duration) -> String {
    String(format: "%.1f ms", duration.seconds * 1e3)
}

func verdict(_ ratio: Double, _ goal: Double) -> String {
    "ratio \(String(format: "%.2f", ratio))× (\(ratio <= goal ? "meets" : "MISSES") ≤ \(goal)×)"
}

let heroCount = option("--heroes", default: 10_000)
let rounds = max(10, option("--rounds", default: 10))

print("Decode and map \(heroCount) heroes: pipeline vs JSONDecoder into plain structs (median of \(rounds))")
let mapping = try MappingBenchmark.run(count: heroCount, rounds: rounds)
print(
    "  pipeline \(milliseconds(mapping.pipeline)), JSONDecoder \(milliseconds(mapping.plain)), "
        + verdict(mapping.pipeline.seconds / mapping.plain.seconds, 1.3))

print(
    "\nSave and load \(heroCount) heroes: JSONFileStore vs JSONEncoder + atomic write + JSONDecoder (median of \(rounds))"
)
let storing = try await StoreBenchmark.run(count: heroCount, rounds: rounds)
print(
    "  JSONFileStore \(milliseconds(storing.store)), plain \(milliseconds(storing.plain)), "
        + verdict(storing.store.seconds / storing.plain.seconds, 1.5))

print(
    "\nSync of \(heroCount / 10) vs \(heroCount) heroes against the mock server (child processes, median of \(rounds))"
)
let smallServer = try await SyncBenchmark.server(count: heroCount / 10)
let largeServer = try await SyncBenchmark.server(count: heroCount)
var small: [SyncBenchmark.Round] = []
var large: [SyncBenchmark.Round] = []
for _ in 0..<rounds {
    small.append(try SyncBenchmark.round(against: smallServer.baseURL))
    large.append(try SyncBenchmark.round(against: largeServer.baseURL))
}
await smallServer.stop()
await largeServer.stop()
func medianInt(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }
let smallTime = median(small.map(\.elapsed))
let largeTime = median(large.map(\.elapsed))
let smallPeak = medianInt(small.map(\.peakKilobytes))
let largePeak = medianInt(large.map(\.peakKilobytes))
let smallAdded = medianInt(small.map(\.addedKilobytes))
let largeAdded = medianInt(large.map(\.addedKilobytes))
print(
    "  time: \(milliseconds(smallTime)) vs \(milliseconds(largeTime)), "
        + verdict(largeTime.seconds / smallTime.seconds, 11))
print(
    "  peak RSS: \(smallPeak / 1024) MB vs \(largePeak / 1024) MB, "
        + verdict(Double(largePeak) / Double(max(smallPeak, 1)), 5))
print(
    "  RSS added by the sync: \(smallAdded / 1024) MB vs \(largeAdded / 1024) MB, "
        + verdict(Double(largeAdded) / Double(max(smallAdded, 1)), 5))
if arguments.contains("--only-data") { exit(0) }

let iterations = option("--iterations", default: 20_000)
let megabytes = option("--megabytes", default: 100)

print("\nRequest building: descriptor vs hand-written URLRequest (\(iterations) per round, best of 7)")
for result in try RequestBuildingBenchmark.run(iterations: iterations) {
    let verdict = result.ratio <= 1.5 ? "meets ≤ 1.5×" : "MISSES ≤ 1.5×"
    print(
        "  \(result.name): descriptor \(microseconds(result.descriptor)), by hand \(microseconds(result.handWritten)), "
            + "ratio \(String(format: "%.2f", result.ratio))× (\(verdict))"
    )
}

let inMemory = arguments.contains("--in-memory")
print("\n\(megabytes) MB download through URLSessionTransport \(inMemory ? "into memory" : "to a file")")
let download = try await DownloadMemoryBenchmark.run(size: megabytes * 1_048_576, inMemory: inMemory)
let added = download.peakAfter - download.peakBefore
print("  peak RSS (VmHWM) before: \(download.peakBefore / 1024) MB, after: \(download.peakAfter / 1024) MB")
print(
    "  added by the download: \(added / 1024) MB (\(added) kB) (\(added < 20 * 1024 ? "meets" : "MISSES") < 20 MB)"
)
let seconds = download.elapsed.seconds
print(
    "  \(String(format: "%.2f", seconds)) s, \(String(format: "%.0f", Double(download.bytes) / 1_048_576 / seconds)) MB/s, "
        + "\(download.progressReports) progress reports"
)
