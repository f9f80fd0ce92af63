import Foundation
import MockServerKit
import Testing

/// Starts an in-process mock server on a free port for one test, runs `body`, and stops it.
func withMockServer<T>(
    _ configuration: MockServerConfiguration = MockServerConfiguration(),
    _ body: (MockServer) async throws -> T
) async throws -> T {
    let server = MockServer(configuration: configuration)
    try await server.start()
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// The fixture bytes of hero `id`'s picture, as the mock server serves them.
func fixturePicture(_ id: String) throws -> Data {
    let folder = try #require(MockServerConfiguration.bundledFixtures)
    return try Data(contentsOf: folder.appendingPathComponent("pictures/\(id).png"))
}
