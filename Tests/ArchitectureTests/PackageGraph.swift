import Foundation

/// The package's targets and their dependency edges, as `swift package describe` reports them
/// with every trait enabled.
struct PackageGraph: Decodable {
    struct Target: Decodable {
        let name: String
        let type: String
        let path: String
        let targetDependencies: [String]?
        let productDependencies: [String]?

        var isTest: Bool { type == "test" }
        var edges: Set<String> { Set(targetDependencies ?? []) }
    }

    let dependencies: [Dependency]
    let targets: [Target]

    /// Any outside package; there must be none.
    struct Dependency: Decodable {
        let identity: String?
    }

    /// The package root: the folder holding Package.swift, found from this source file.
    static let root: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            folder.deleteLastPathComponent()
        }
        return folder
    }()

    /// Reads the manifest once per test run.
    ///
    /// `swift package` run from inside `swift test` waits forever on the `.build` lock, so it gets
    /// a scratch path of its own in a temporary folder.
    private static let current: Result<PackageGraph, DescribeError> = {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("heroes-architecture-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let errors = scratch.appendingPathExtension("stderr")
        defer { try? FileManager.default.removeItem(at: errors) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            // Every trait on, so that an edge a trait adds is checked too.
            "swift", "package", "--scratch-path", scratch.path, "--enable-all-traits",
            "describe", "--type", "json",
        ]
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardOutput = output
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let errorsHandle = try? FileHandle(forWritingTo: errors)
        defer { try? errorsHandle?.close() }
        process.standardError = errorsHandle
        do {
            try process.run()
        } catch {
            return .failure(DescribeError(message: "could not start swift: \(error)"))
        }
        let json = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            return .failure(DescribeError(message: "swift package describe failed: \(stderr)"))
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return .success(try decoder.decode(PackageGraph.self, from: json))
        } catch {
            return .failure(DescribeError(message: "unreadable describe output: \(error)"))
        }
    }()
}

extension PackageGraph {
    /// The manifest, read on a thread of its own: running and waiting for `swift package` blocks
    /// for seconds, and blocking the cooperative pool or Dispatch's root queue (two threads each
    /// on a 2-core machine) would stall every other test, timers and URLSession included.
    static func load() async throws -> PackageGraph {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: current) }.start()
        }
    }
}

/// Why the manifest could not be read.
struct DescribeError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
