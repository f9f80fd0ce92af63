import Foundation

/// A measure taken in a child process of heroes-bench itself, so that its memory is its own:
/// nothing an earlier measure allocated, freed or left cached in this process can move it.
enum ChildProcess {
    /// Runs `heroes-bench ARGUMENTS`, waits, and returns the words it printed.
    static func run(_ arguments: [String]) throws -> [Substring] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("heroes-bench \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text.split(whereSeparator: \.isWhitespace)
    }
}
