// heroes-benchmarks: speed and memory goals measured as ratios against a baseline in the same run.
//
//     swift run -c release heroes-benchmarks [--iterations N] [--megabytes N] [--in-memory]
import Foundation

let arguments = CommandLine.arguments
func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return value }
    return Int(arguments[index + 1]) ?? value
}

func microseconds(_ duration: Duration) -> String {
    String(format: "%.2f µs", duration.seconds * 1e6)
}

let iterations = option("--iterations", default: 20_000)
let megabytes = option("--megabytes", default: 100)

print("Request building: descriptor vs hand-written URLRequest (\(iterations) per round, best of 7)")
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
