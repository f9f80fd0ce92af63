import Foundation
import HeroesApp
import MockServerKit

/// The mock server as heroes-cli's demo server, in this process. Wired here, so `HeroesApp` links no server.
struct BundledMockServer: DemoServer {
    var editor: String { MockUser.demoUsers.first { $0.role == .editor }?.name ?? "editor" }

    func password(for user: String) -> String? { MockUser.demoUsers.first { $0.name == user }?.password }

    let clearanceKey = "aGVyb2VzLWRlbW8tY2xlYXJhbmNlLWtleS0yMDI2ISE="

    private func stateFile(in dataDirectory: URL) -> URL {
        dataDirectory.appendingPathComponent("demo-server-state.json")
    }

    func start(dataDirectory: URL) async throws(DemoServerError) -> RunningServer {
        do {
            try FileManager.default.createDirectory(
                at: dataDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw DemoServerError(
                "cannot create \(dataDirectory.path) for the demo server's data: \(error.localizedDescription)"
            )
        }
        let server = MockServer(
            configuration: MockServerConfiguration(stateFile: stateFile(in: dataDirectory)))
        do {
            try await server.start()
        } catch {
            throw DemoServerError(
                "the bundled demo server did not start: \(error); `heroes-cli demo reset` restores its data")
        }
        return RunningServer(baseURL: server.baseURL) { await server.stop() }
    }

    func reset(dataDirectory: URL) throws(DemoServerError) {
        let file = stateFile(in: dataDirectory)
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        do {
            try FileManager.default.removeItem(at: file)
        } catch {
            throw DemoServerError("cannot remove \(file.path): \(error.localizedDescription)")
        }
    }

    func serve(port: Int, rootDirectory: URL?, servesHeroes: Bool) async throws -> RunningServer {
        var configuration = MockServerConfiguration(port: port)
        configuration.rootDirectory = rootDirectory
        configuration.servesHeroes = servesHeroes
        let server = MockServer(configuration: configuration)
        do {
            try await server.start()
        } catch {
            // A bad stub mapping is the configuration's fault: exit 78, not 69.
            if error.isConfiguration { throw StubConfigurationError(error.description) }
            throw DemoServerError("the mock server did not start: \(error)")
        }
        return RunningServer(baseURL: server.baseURL) { await server.stop() }
    }
}
