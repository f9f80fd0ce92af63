import Foundation

/// `--proxy-all URL`: a lowest-priority stub forwarding what no other stub matches.
enum ProxyAll {
    /// The lowest priority a mapping can have, so every other stub is tried first.
    static let priority = Int(Int32.max)

    /// The proxy stub's JSON, as WireMock's `proxyAllTo` makes it.
    static func json(to origin: String, id: String) -> StubJSON {
        .object([
            "id": .string(id), "priority": .integer(priority),
            "request": .object(["method": .string("ANY"), "urlPattern": .string(".*")]),
            "response": .object(["proxyBaseUrl": .string(origin)]),
        ])
    }

    static func mapping(to origin: URL) throws(MockServerError) -> StubMapping {
        let cursor = JSONCursor(
            value: json(to: origin.absoluteString, id: "proxy-all"), path: "$", file: "--proxy-all")
        do {
            return try StubMapping(cursor, files: nil)
        } catch {
            throw MockServerError(configuration: "--proxy-all: \(error.reason)")
        }
    }

    /// The writer `--record-mappings` adds to the recorder; nil without it.
    static func continuousRecording(
        _ configuration: MockServerConfiguration
    ) -> (@Sendable (ProxyExchange) -> Void)? {
        guard configuration.recordsMappings, let root = configuration.rootDirectory else { return nil }
        let writer = ContinuousRecording(root: root, redacting: configuration.redactedHeaders)
        return { writer.write($0) }
    }
}
