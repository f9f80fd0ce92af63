import Foundation
import Network
import TestSupport
import Testing

/// The request a descriptor makes at its edges: bare query flags, a header whose only value is
/// absent, a raw `Data` body without a declared type, and a body the serializer refuses.
@Suite("Building requests: flags, absent headers and bodies")
struct RequestBuildingEdgeTests {
    static let search = Endpoint<NoContent>("search", arguments: 2)
    static let blob = Endpoint<NoContent>("blob", arguments: 1)
    static let measure = Endpoint<NoContent>("measure", arguments: 1)
    static let endpoints: [any EndpointDeclaration] = [search, blob, measure]

    static let plist: PlistNode = [
        "search": [
            "request": ["path": "/search?verbose&q=%0", "headers": ["X-Trace": "%1"], "auth": "none"]
        ],
        "blob": ["request": ["path": "/blob", "method": "PUT", "body": "%0", "auth": "none"]],
        "measure": ["request": ["path": "/measure", "method": "PUT", "body": "%0", "auth": "none"]],
    ]

    private func make() throws -> (WebService, StubTransport) {
        try Fixture.service(Self.plist, Self.endpoints, retryPolicy: .never)
    }

    @Test("a bare query name is sent as a flag, before the items that follow it")
    func bareQueryFlag() async throws {
        let (service, transport) = try make()
        transport.on("GET /v2/search", .status(204))
        _ = try await service.call(Self.search, "night owl", "trace-1")
        let call = try #require(transport.calls.first)
        #expect(call.url == "https://api.example.com/v2/search?verbose&q=night%20owl")
        #expect(call.headers["X-Trace"] == "trace-1")
    }

    @Test("a header whose whole value is an absent argument is left out, not sent empty")
    func absentHeaderIsLeftOut() async throws {
        let (service, transport) = try make()
        transport.on("GET /v2/search", .status(204))
        _ = try await service.call(Self.search, "owl", String?.none)
        let call = try #require(transport.calls.first)
        #expect(call.headers["X-Trace"] == nil, "\(call.headers)")
        #expect(call.url.hasSuffix("?verbose&q=owl"))
    }

    @Test("a raw Data body without a declared Content-Type is labelled application/octet-stream")
    func rawBodyType() async throws {
        let (service, transport) = try make()
        transport.on("PUT /v2/blob", .status(204))
        let bytes = Data([0x00, 0xFF, 0x10, 0x3D])
        _ = try await service.call(Self.blob, bytes)
        let call = try #require(transport.calls.first)
        #expect(call.body == bytes, "sent as given, not serialized")
        #expect(call.headers["Content-Type"] == "application/octet-stream")
    }

    @Test("a body the serializer cannot encode fails the call as encoding, and nothing is sent")
    func unencodableBody() async throws {
        let (service, transport) = try make()
        let error = await #expect(throws: NetworkError.self) {
            try await service.call(Self.measure, Double.nan)
        }
        guard case .encoding(let message) = error else {
            Issue.record("expected an encoding error, got \(String(describing: error))")
            return
        }
        #expect(message.hasPrefix("measure: argument 0 cannot be encoded as a body"), "\(message)")
        #expect(transport.calls.isEmpty)
    }
}
