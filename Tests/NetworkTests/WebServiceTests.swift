import Foundation
import Network
import TestSupport
import Testing

@Suite("WebService calls")
struct WebServiceTests {
    static let person = Endpoint<Person>("person", arguments: 1)
    static let save = Endpoint<Person>("save", arguments: 2)
    static let remove = Endpoint<NoContent>("remove", arguments: 1)
    static let raw = Endpoint<Data>("raw")
    static let upload = Endpoint<NoContent>("upload", arguments: 2)
    static let endpoints: [any EndpointDeclaration] = [person, save, remove, raw, upload]

    static let plist: PlistNode = [
        "person": [
            "request": ["path": "/people/%0"],
            "serialization": ["serializer": "SnakeJSON", "serializedObject": "Person"],
        ],
        "save": [
            "request": ["path": "/people/%0?age=%1[age]", "method": "PUT", "body": "%1", "auth": "admin"],
            "serialization": ["serializer": "SnakeJSON", "serializedObject": "Person"],
        ],
        "remove": ["request": ["path": "/people/%0", "method": "DELETE", "auth": "none"]],
        "raw": ["request": ["path": "/raw", "headers": ["Accept": "application/octet-stream"]]],
        "upload": [
            "request": [
                "path": "/people/%0/picture", "method": "PUT", "body": "%1",
                "headers": ["Content-Type": "image/png"],
            ]
        ],
    ]

    /// A service that does not retry, so every scripted answer is the one judged.
    private func make(
        authentication: (any AuthenticationProvider)? = nil, retryPolicy: RetryPolicy = .never
    ) throws -> (WebService, StubTransport) {
        try Fixture.service(
            Self.plist, Self.endpoints, authentication: authentication, retryPolicy: retryPolicy)
    }

    @Test("a 200 with a body decodes into the endpoint's type through the registered serializer")
    func decodesContent() async throws {
        let (service, transport) = try make()
        transport.on(
            "GET /v2/people/ada",
            .json(200, #"{"name":"Ada","team":{"id":"t1","name":"One"},"powers":[],"age":36}"#))
        let reply = try await service.call(Self.person, "ada")
        #expect(reply.content == Person(name: "Ada", team: .init(id: "t1", name: "One"), age: 36))
        #expect(reply.status == 200)
        #expect(transport.calls.map(\.url) == ["https://api.example.com/v2/people/ada"])
    }

    @Test("204, 205 and an empty 200 are successes with no content", arguments: [204, 205, 200])
    func noContent(status: Int) async throws {
        let (service, transport) = try make()
        transport.on("GET /v2/people/ada", .status(status))
        let reply = try await service.call(Self.person, "ada")
        #expect(reply.outcome == .noContent)
        #expect(reply.content == nil)
    }

    @Test("a body that does not decode is a decoding error carrying a body excerpt")
    func decodingError() async throws {
        let (service, transport) = try make()
        transport.on("GET /v2/people/ada", .json(200, #"{"nom":"Ada"}"#))
        await #expect {
            try await service.call(Self.person, "ada")
        } throws: { error in
            guard case NetworkError.decoding(_, let excerpt) = error else { return false }
            return excerpt == #"{"nom":"Ada"}"#
        }
    }

    @Test(
        "statuses other than 2xx and 304 are errors, never content",
        arguments: [
            (
                400,
                NetworkError.unacceptableStatus(
                    code: 400, headers: ["Content-Type": "application/json"], bodyExcerpt: #"{"e":1}"#)
            ),
            (
                404,
                NetworkError.unacceptableStatus(
                    code: 404, headers: ["Content-Type": "application/json"], bodyExcerpt: #"{"e":1}"#)
            ),
            (
                500,
                NetworkError.unacceptableStatus(
                    code: 500, headers: ["Content-Type": "application/json"], bodyExcerpt: #"{"e":1}"#)
            ),
            (403, NetworkError.forbidden),
            (401, NetworkError.unauthorized(realm: nil)),
        ]
    )
    func errorStatuses(status: Int, expected: NetworkError) async throws {
        let (service, transport) = try make()
        transport.on("DELETE /v2/people/ada", .json(status, #"{"e":1}"#))
        await #expect(throws: expected) { try await service.call(Self.remove, "ada") }
    }

    @Test(
        "a 401 carries the realm of its WWW-Authenticate challenge",
        arguments: [
            (#"Basic realm="heroes""#, "heroes"),
            (#"Basic charset="UTF-8", realm="a \"quoted\" realm""#, #"a "quoted" realm"#),
            ("Bearer realm=api, error=invalid_token", "api"),
        ]
    )
    func unauthorizedRealm(challenge: String, realm: String) async throws {
        let (service, transport) = try make()
        transport.on("DELETE /v2/people/ada", .status(401, headers: ["WWW-Authenticate": challenge]))
        await #expect(throws: NetworkError.unauthorized(realm: realm)) {
            try await service.call(Self.remove, "ada")
        }
    }

    @Test("an error body longer than the excerpt is cut, marked with an ellipsis")
    func longExcerpt() async throws {
        let (service, transport) = try make()
        transport.on(
            "DELETE /v2/people/ada", .status(500, body: Data(String(repeating: "x", count: 2000).utf8)))
        await #expect(
            throws: NetworkError.unacceptableStatus(
                code: 500, headers: [:], bodyExcerpt: String(repeating: "x", count: 512) + "…")
        ) { try await service.call(Self.remove, "ada") }
    }

    @Test("If-None-Match is sent and a 304 comes back as not modified, not as an error")
    func conditionalGet() async throws {
        let (service, transport) = try make()
        transport.on("GET /v2/people/ada", .status(304, headers: ["ETag": #""ada-3""#]))
        let reply = try await service.call(Self.person, "ada", ifNoneMatch: #""ada-3""#)
        #expect(reply.isNotModified)
        #expect(reply.entityTag == #""ada-3""#)
        #expect(transport.calls.first?.headers["If-None-Match"] == #""ada-3""#)
    }

    @Test("an Encodable body goes through the descriptor's serializer with its content type")
    func encodableBody() async throws {
        let (service, transport) = try make()
        transport.on("PUT /v2/people/ada", .status(204))
        let person = Person(name: "Ada", team: nil, powers: ["Math"], age: 36)
        _ = try await service.call(Self.save, "ada", person)
        let call = try #require(transport.calls.first)
        #expect(
            call.body.map { String(decoding: $0, as: UTF8.self) }
                == #"{"age":36,"name":"Ada","powers":["Math"]}"#)
        #expect(call.headers["Content-Type"] == "application/json")
        #expect(call.url == "https://api.example.com/v2/people/ada?age=36")
    }

    @Test("a Data body is sent as is, with the descriptor's content type, reporting upload progress")
    func dataBodyWithProgress() async throws {
        let (service, transport) = try make()
        let reports = ProgressLog()
        transport.on(
            "PUT /v2/people/ada/picture",
            StubResponse.status(204).reporting(
                .init(direction: .upload, completedBytes: 2, totalBytes: 4),
                .init(direction: .upload, completedBytes: 4, totalBytes: 4)
            )
        )
        _ = try await service.call(Self.upload, "ada", Data([1, 2, 3, 4]), progress: reports.record)
        #expect(transport.calls.first?.body == Data([1, 2, 3, 4]))
        #expect(transport.calls.first?.headers["Content-Type"] == "image/png")
        #expect(reports.fractions == [0.5, 1])
    }

    @Test("the raw body comes back as Data for a Data endpoint")
    func rawData() async throws {
        let (service, transport) = try make()
        transport.on("GET /v2/raw", .status(200, body: Data([9, 8, 7])))
        #expect(try await service.call(Self.raw).content == Data([9, 8, 7]))
    }

    @Test("Basic credentials are sent up front as a header by the service's provider")
    func serviceBasicAuth() async throws {
        let (service, transport) = try make(
            authentication: BasicAuthentication(username: "ed", password: "pw"))
        transport.on("GET /v2/people/ada", .status(204))
        _ = try await service.call(Self.person, "ada")
        #expect(transport.calls.first?.headers["Authorization"] == "Basic ZWQ6cHc=")
    }

    @Test("a descriptor's auth names the provider, and 'none' sends no credentials")
    func perDescriptorAuth() async throws {
        let (service, transport) = try make(authentication: BearerTokenAuthentication(token: "t0k"))
        transport.on("PUT /v2/people/ada", .status(204))
        transport.on("DELETE /v2/people/ada", .status(204))
        transport.on("GET /v2/people/ada", .status(204))
        _ = try await service.call(Self.save, "ada", Person(name: "Ada"))
        _ = try await service.call(Self.remove, "ada")
        _ = try await service.call(Self.person, "ada")
        #expect(
            transport.calls.map { $0.headers["Authorization"] } == [
                "Basic YWRtaW46czNjcmV0", nil, "Bearer t0k",
            ]
        )
    }

    @Test("a request-modification provider can add a token key and sign the request")
    func requestModification() async throws {
        let signer = RequestModification { request in
            try await RequestModification.queryItem(name: "api_key", value: "k&1").authenticate(&request)
            let signature = "\(request.httpMethod ?? "") \(request.url?.absoluteString ?? "")".utf8.count
            request.setValue("sig-\(signature)", forHTTPHeaderField: "X-Signature")
        }
        let (service, transport) = try make(authentication: signer)
        transport.on("GET /v2/people/ada", .status(204))
        _ = try await service.call(Self.person, "ada")
        let call = try #require(transport.calls.first)
        #expect(call.url == "https://api.example.com/v2/people/ada?api_key=k%261")
        #expect(call.headers["X-Signature"] == "sig-\("GET \(call.url)".utf8.count)")
    }

    @Test("credentials are asked for again on every attempt")
    func bearerTokenPerAttempt() async throws {
        let counter = Counter()
        let (service, transport) = try make(
            authentication: BearerTokenAuthentication { "token-\(counter.next())" },
            retryPolicy: RetryPolicy(sleeper: RecordingSleeper())
        )
        transport.on("GET /v2/people/ada", .status(503), .status(204))
        _ = try await service.call(Self.person, "ada")
        #expect(transport.calls.map { $0.headers["Authorization"] } == ["Bearer token-1", "Bearer token-2"])
    }

    @Test("providers never show their secrets when printed")
    func providersHideSecrets() {
        #expect(
            "\(BasicAuthentication(username: "ed", password: "pw"))"
                == "BasicAuthentication(username: ed, password: <redacted>)"
        )
        #expect(
            "\(BearerTokenAuthentication(token: "t0k"))" == "BearerTokenAuthentication(token: <redacted>)")
    }
}
