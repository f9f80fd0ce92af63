import Foundation

@testable import MockServerKit

extension TestClient {
    /// Sends a request and keeps it with its answer, as a recording proxy would.
    func record(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) throws -> RecordedExchange {
        let response = try request(method, target, headers: headers, body: body.isEmpty ? nil : body)
        return RecordedExchange(
            method: method, url: target, requestHeaders: headers.map { (name: $0.0, value: $0.1) },
            requestBody: body, status: response.status, responseHeaders: response.headers,
            responseBody: response.body)
    }
}

/// The text of every file under `root`, for checks on what a recording wrote.
func filesUnder(_ root: URL) throws -> [String: [UInt8]] {
    var found: [String: [UInt8]] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root.path)
    while let relative = enumerator?.nextObject() as? String {
        var isDirectory: ObjCBool = false
        let url = root.appendingPathComponent(relative)
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue
        {
            found[relative] = Array(try Data(contentsOf: url))
        }
    }
    return found
}

/// A server on the stubs under `root` (no hero routes), as `withServer` runs it.
func withRecording(_ root: URL, _ body: (MockServer, TestClient) async throws -> Void) async throws {
    try await withServer(
        .test {
            $0.rootDirectory = root
            $0.servesHeroes = false
        }, body)
}
