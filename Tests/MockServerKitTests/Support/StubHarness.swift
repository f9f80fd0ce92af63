import Foundation
import MockServerKit

/// A WireMock root directory for one test: `mappings` (file name → JSON text) under `mappings/`,
/// `files` (name → bytes) under `__files/`.
func stubRoot(_ mappings: [String: String], files: [String: [UInt8]] = [:]) throws -> URL {
    let root = try temporaryDirectory()
    let folder = root.appendingPathComponent("mappings")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (name, text) in mappings {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
    let bodies = root.appendingPathComponent("__files")
    try FileManager.default.createDirectory(at: bodies, withIntermediateDirectories: true)
    for (name, bytes) in files {
        let url = bodies.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }
    return root
}

/// Starts a server on a root directory holding `mappings`, as `withServer` does.
func withStubs(
    _ mappings: [String: String], files: [String: [UInt8]] = [:], heroes: Bool = true,
    _ body: (MockServer, TestClient) async throws -> Void
) async throws {
    let root = try stubRoot(mappings, files: files)
    defer { try? FileManager.default.removeItem(at: root) }
    try await withServer(
        .test {
            $0.rootDirectory = root
            $0.servesHeroes = heroes
        }, body)
}

/// The error a server started on `mappings` refuses to start with; nil when it starts.
func startError(_ mappings: [String: String], files: [String: [UInt8]] = [:]) async throws -> MockServerError?
{
    let root = try stubRoot(mappings, files: files)
    defer { try? FileManager.default.removeItem(at: root) }
    return await startError(root: root)
}

/// Why a server on the stub folder `root` would not start, or nil when it starts.
func startError(root: URL) async -> MockServerError? {
    let server = MockServer(configuration: .test { $0.rootDirectory = root })
    do {
        try await server.start()
    } catch {
        return error
    }
    await server.stop()
    return nil
}
