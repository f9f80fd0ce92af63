import Foundation
import Testing

@testable import MockServerKit

/// Issue 40, finding 8: `--record-mappings` keeps a recording's bounds.
@Suite("--record-mappings bounds")
struct ContinuousRecordingTests {
    static func exchange(_ path: String, body: Int = 10) throws -> ProxyExchange {
        let answer = try #require(
            ProxiedAnswer(
                .answered(status: 200, fields: [], body: [UInt8](repeating: 65, count: body)), requestBody: []
            ))
        return ProxyExchange(
            request: ServerRequest(
                method: HTTPMethod("GET"), path: Substring(path), query: nil, fields: [], body: []),
            answer: answer)
    }

    @Test("past its mappings or bytes it writes no more files; repeats write none")
    func bounded() throws {
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let recording = ContinuousRecording(
            root: root, redacting: [], maximumMappings: 3, maximumBytes: 1_000)
        for number in 0..<6 { recording.write(try Self.exchange("/items/\(number)")) }
        recording.write(try Self.exchange("/items/0"))
        #expect(recording.count == 3)
        #expect(try RecordingTests.mappingFiles(root).count == 3)

        let small = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: small) }
        let bytes = ContinuousRecording(root: small, redacting: [], maximumMappings: 100, maximumBytes: 1_000)
        for number in 0..<5 { bytes.write(try Self.exchange("/big/\(number)", body: 400)) }
        #expect(try RecordingTests.mappingFiles(small).count == 2, "two of 400 bytes fit in 1,000")
    }
}
