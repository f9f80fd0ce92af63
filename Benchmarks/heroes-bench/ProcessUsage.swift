import Foundation

/// What one whole process cost: wall time from spawn to exit, its peak resident memory, and the
/// bytes it wrote through `write(2)` (`wchar` of `/proc/PID/io`), less what went to its standard
/// output and error. Taken by `bench-launch`, a launcher small enough not to count in the peak.
struct ProcessUsage {
    let wall: Duration
    let peakKilobytes: Int
    let writtenBytes: Int

    /// Runs `command` once through `bench-launch`, its output into files in `scratch`; a
    /// non-zero exit throws, with what it printed on standard error.
    static func measure(_ command: ProcessBenchmark.Command, scratch: URL) throws -> ProcessUsage {
        try measureKeepingErrors(command, scratch: scratch).usage
    }

    /// The same, with what the process printed on standard error.
    static func measureKeepingErrors(_ command: ProcessBenchmark.Command, scratch: URL) throws -> (
        usage: ProcessUsage, errors: String
    ) {
        let output = scratch.appendingPathComponent("out-\(UUID().uuidString)")
        let errors = scratch.appendingPathComponent("err-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: errors)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try BuildProducts.sibling("bench-launch"))
        process.arguments = [output.path, errors.path, command.executable] + command.arguments
        process.environment = command.environmentByName
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard process.terminationStatus == 0, fields.count == 3, let nanoseconds = Int64(fields[0]),
            let peak = Int(fields[1]), let written = Int(fields[2])
        else {
            let text = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw BenchmarkError(
                "\(([command.executable] + command.arguments).joined(separator: " ")) failed: \(text)")
        }
        let printed = [output, errors].reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0)
        }
        let usage = ProcessUsage(
            wall: .nanoseconds(nanoseconds), peakKilobytes: peak,
            writtenBytes: written < 0 ? -1 : written - printed)
        return (usage, (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
    }
}
