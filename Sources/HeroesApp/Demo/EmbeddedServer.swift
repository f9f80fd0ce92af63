import Foundation
import MockServerKit

/// The bundled mock server, in-process when no server is named; its state lives in the data
/// folder, so a `create` is still there at the next `list`.
enum EmbeddedServer {
    /// The published demo editor account (for the demo only).
    static let editor = MockUser.demoUsers.first { $0.role == .editor }
    /// The published demo clearance key (for the demo only).
    static let demoClearanceKey = "aGVyb2VzLWRlbW8tY2xlYXJhbmNlLWtleS0yMDI2ISE="

    /// Where the server keeps its heroes between runs.
    static func stateFile(in dataDirectory: URL) -> URL {
        dataDirectory.appendingPathComponent("demo-server-state.json")
    }

    /// Starts the server on an ephemeral loopback port with the demo fixtures and users.
    static func start(dataDirectory: URL) async throws(EmbeddedServerError) -> MockServer {
        do {
            try FileManager.default.createDirectory(
                at: dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw EmbeddedServerError(
                "cannot create \(dataDirectory.path) for the demo server's data: \(error.localizedDescription)"
            )
        }
        let server = MockServer(
            configuration: MockServerConfiguration(stateFile: stateFile(in: dataDirectory)))
        do {
            try await server.start()
        } catch {
            throw EmbeddedServerError(
                "the bundled demo server did not start: \(error); `heroes-cli demo reset` restores its data")
        }
        return server
    }

    /// Throws away the server's saved state, so the next start serves the fixtures again.
    static func reset(dataDirectory: URL) throws(EmbeddedServerError) {
        let file = stateFile(in: dataDirectory)
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        do {
            try FileManager.default.removeItem(at: file)
        } catch {
            throw EmbeddedServerError("cannot remove \(file.path): \(error.localizedDescription)")
        }
    }
}

/// The bundled server could not be started or reset.
struct EmbeddedServerError: Error, Sendable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
