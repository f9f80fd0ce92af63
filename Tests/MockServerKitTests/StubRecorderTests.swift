import Foundation
import Testing

@testable import MockServerKit

@Suite("StubRecorder: WireMock's recording rules")
struct StubRecorderTests {
    static func json(_ mapping: RecordedMapping) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: mapping.json)) as? [String: Any] ?? [:]
    }

    static func response(_ mapping: RecordedMapping) -> [String: Any] {
        json(mapping)["response"] as? [String: Any] ?? [:]
    }

    static func request(_ mapping: RecordedMapping) -> [String: Any] {
        json(mapping)["request"] as? [String: Any] ?? [:]
    }

    static let heroBody = Array(#"{"id":"0007","code_name":"Night Owl"}"#.utf8)

    static func hero(_ body: [UInt8] = heroBody, headers: [(name: String, value: String)] = [])
        -> RecordedExchange
    {
        RecordedExchange(
            method: "GET", url: "/v1/heroes/0007?fields=all", requestHeaders: headers, status: 200,
            responseHeaders: [
                ("Content-Type", "application/json"), ("ETag", "\"0007-3\""), ("Content-Length", "38"),
                ("Date", "Sun, 06 Dec 2026 10:00:00 GMT"), ("Set-Cookie", "session=abc123secret"),
                ("Connection", "keep-alive, X-Hop"), ("X-Hop", "1"), ("Transfer-Encoding", "chunked"),
                ("Content-Encoding", "gzip"), ("Vary", "Accept"), ("Vary", "Origin"),
            ],
            responseBody: body)
    }

    @Test(
        "a request: method and exact url; its answer: status, kept headers, text body inline, a WireMock file name"
    )
    func oneStub() throws {
        let stubs = StubRecorder.stubs(from: [Self.hero()], spec: RecordSpec())
        try #require(stubs.mappings.count == 1)
        #expect(stubs.bodyFiles.isEmpty)
        let mapping = stubs.mappings[0]
        #expect(Self.request(mapping)["method"] as? String == "GET")
        #expect(Self.request(mapping)["url"] as? String == "/v1/heroes/0007?fields=all")
        let response = Self.response(mapping)
        #expect(response["status"] as? Int == 200)
        #expect(response["body"] as? String == String(decoding: Self.heroBody, as: UTF8.self))
        let headers = try #require(response["headers"] as? [String: Any])
        #expect(Set(headers.keys) == ["Content-Type", "ETag", "Vary"])
        #expect(headers["Vary"] as? [String] == ["Accept", "Origin"])
        let id = try #require(Self.json(mapping)["id"] as? String)
        #expect(Self.json(mapping)["uuid"] as? String == id)
        #expect(mapping.fileName == "get-v1-heroes-0007-\(id.prefix(8)).json")
        #expect(Self.json(mapping)["persistent"] as? Bool == true)
        // Pretty and sorted, as WireMock writes files.
        let text = String(decoding: mapping.json, as: UTF8.self)
        #expect(text.contains("\n  \"id\""))
        #expect(
            try #require(text.range(of: "\"id\"")).lowerBound
                < #require(text.range(of: "\"request\"")).lowerBound)
    }

    @Test(
        "identical repeats make one stub; different answers a scenario; without repeatsAsScenarios the first answer"
    )
    func repeats() throws {
        let same = StubRecorder.stubs(from: [Self.hero(), Self.hero(), Self.hero()], spec: RecordSpec())
        #expect(same.mappings.count == 1)
        #expect(Self.json(same.mappings[0])["scenarioName"] == nil)

        let gone = RecordedExchange(method: "GET", url: "/v1/heroes/0007?fields=all", status: 404)
        let other = RecordedExchange(method: "GET", url: "/v1/teams", status: 200)
        let changing = StubRecorder.stubs(
            from: [other, Self.hero(), Self.hero(Array("{}".utf8)), gone], spec: RecordSpec())
        try #require(changing.mappings.count == 4)
        let steps = changing.mappings.dropFirst().map(Self.json)
        #expect(
            steps.map { $0["scenarioName"] as? String }
                == Array(repeating: "scenario-1-v1-heroes-0007", count: 3))
        #expect(
            steps.map { $0["requiredScenarioState"] as? String } == [
                "Started", "scenario-1-v1-heroes-0007-2", "scenario-1-v1-heroes-0007-3",
            ])
        #expect(
            steps.map { $0["newScenarioState"] as? String } == [
                "scenario-1-v1-heroes-0007-2", "scenario-1-v1-heroes-0007-3", nil,
            ])

        var spec = RecordSpec()
        spec.repeatsAsScenarios = false
        let first = StubRecorder.stubs(from: [Self.hero(), gone], spec: spec)
        try #require(first.mappings.count == 1)
        #expect(Self.response(first.mappings[0])["status"] as? Int == 200)
        #expect(Self.json(first.mappings[0])["scenarioName"] == nil)
    }

    @Test("credentials are required but never kept; Set-Cookie and --redact-header names never reach a file")
    func credentials() throws {
        var spec = RecordSpec(redacting: ["X-Api-Key"])
        spec.captureHeaders = ["authorization": false, "cookie": false, "accept": true, "x-api-key": false]
        let exchange = Self.hero(headers: [
            ("Authorization", "Bearer s3cr3t-token"), ("Cookie", "session=c00kie-secret"),
            ("Accept", "Application/JSON"),
            ("X-Api-Key", "key-secret-42"),
        ])
        var withKey = exchange
        withKey.responseHeaders.append(("X-Api-Key", "key-secret-42"))
        let stubs = StubRecorder.stubs(from: [withKey], spec: spec)
        let mapping = try #require(stubs.mappings.first)
        let headers = try #require(Self.request(mapping)["headers"] as? [String: [String: Any]])
        #expect(headers["Authorization"]?["matches"] as? String == ".+")
        #expect(headers["Cookie"]?["matches"] as? String == ".+")
        #expect(headers["X-Api-Key"]?["matches"] as? String == ".+")
        #expect(headers["Accept"]?["equalTo"] as? String == "Application/JSON")
        #expect(headers["Accept"]?["caseInsensitive"] as? Bool == true)
        let text = String(decoding: mapping.json, as: UTF8.self)
        for secret in ["s3cr3t-token", "c00kie-secret", "key-secret-42", "abc123secret"] {
            #expect(!text.contains(secret), "\(secret) was written")
        }
        // Two tokens are one request: the stub does not depend on the secret.
        var other = exchange
        other.requestHeaders[0].value = "Bearer another"
        #expect(StubRecorder.stubs(from: [exchange, other], spec: spec).mappings.count == 1)
    }

    @Test(
        "request bodies: equalToJson (ignoring array order and extra elements) for JSON, equalTo for text, as asked"
    )
    func bodyPatterns() throws {
        func pattern(_ body: String, _ type: String, _ matcher: RecordedBodyMatcher = .automatic())
            -> [String: Any]?
        {
            var spec = RecordSpec()
            spec.requestBodyPattern = matcher
            let exchange = RecordedExchange(
                method: "POST", url: "/v1/heroes", requestHeaders: [("Content-Type", type)],
                requestBody: Array(body.utf8), status: 201)
            let stub = StubRecorder.stubs(from: [exchange], spec: spec).mappings[0]
            return (Self.request(stub)["bodyPatterns"] as? [[String: Any]])?.first
        }
        let json = try #require(pattern(#"{"code_name":"A"}"#, "application/json; charset=utf-8"))
        #expect(json["equalToJson"] as? String == #"{"code_name":"A"}"#)
        #expect(json["ignoreArrayOrder"] as? Bool == true)
        #expect(json["ignoreExtraElements"] as? Bool == true)
        #expect(pattern("name=A", "application/x-www-form-urlencoded")?["equalTo"] as? String == "name=A")
        #expect(pattern("not json", "application/json")?["equalTo"] as? String == "not json")
        let exact = try #require(
            pattern(
                #"{"a":1}"#, "application/json",
                .equalToJSON(ignoreArrayOrder: false, ignoreExtraElements: false)))
        #expect(exact["ignoreExtraElements"] as? Bool == false)
        let text = try #require(pattern(#"{"a":1}"#, "application/json", .equalTo(caseInsensitive: true)))
        #expect(text["equalTo"] as? String == #"{"a":1}"#)
        #expect(text["caseInsensitive"] as? Bool == true)
        #expect(pattern("", "application/json") == nil)
    }

    @Test(
        "large text and every binary body go to __files under the mapping's stem; unpersisted ones stay inline"
    )
    func bodyFiles() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0xFF, 0x00]
        let picture = RecordedExchange(
            method: "GET", url: "/v1/heroes/0007/picture", status: 200,
            responseHeaders: [("Content-Type", "image/png")], responseBody: png)
        let large = Self.hero(Array(("[" + String(repeating: "1,", count: 6_000) + "1]").utf8))
        let stubs = StubRecorder.stubs(from: [picture, large, Self.hero()], spec: RecordSpec())
        // The hero's two answers differ: a scenario of two steps, the large one to a file.
        try #require(stubs.mappings.count == 3)
        try #require(stubs.bodyFiles.count == 2)
        let stem = stubs.mappings[0].fileName.dropLast(".json".count)
        #expect(stubs.bodyFiles[0] == RecordedBodyFile(name: "\(stem).png", bytes: png))
        #expect(Self.response(stubs.mappings[0])["bodyFileName"] as? String == "\(stem).png")
        #expect(Self.response(stubs.mappings[1])["bodyFileName"] as? String == stubs.bodyFiles[1].name)
        #expect(stubs.bodyFiles[1].name.hasSuffix(".json"))
        #expect(Self.response(stubs.mappings[2])["body"] is String)

        var spec = RecordSpec()
        spec.persist = false
        let inline = StubRecorder.stubs(from: [picture, large], spec: spec)
        #expect(inline.bodyFiles.isEmpty)
        #expect(Self.response(inline.mappings[0])["base64Body"] as? String == Data(png).base64EncodedString())
        #expect(Self.json(inline.mappings[0])["persistent"] == nil)
    }

    @Test(
        "the recording spec reads WireMock's JSON: sizes as \"10 KB\", the body matcher, and refuses what it cannot do"
    )
    func spec() throws {
        let spec = try RecordSpec(
            json: [
                "targetBaseUrl": "http://example.org",
                "captureHeaders": ["Accept": [:], "X-Tenant": ["caseInsensitive": true]],
                "requestBodyPattern": ["matcher": "equalTo", "caseInsensitive": true],
                "extractBodyCriteria": ["textSizeThreshold": "2 KB", "binarySizeThreshold": "1.5mb"],
                "persist": false, "repeatsAsScenarios": false,
            ], redacting: ["X-Secret"])
        #expect(spec.captureHeaders == ["accept": false, "x-tenant": true])
        #expect(spec.requestBodyPattern == .equalTo(caseInsensitive: true))
        #expect(spec.extractBodyThreshold == 2_048)
        #expect(spec.extractBinaryThreshold == 1_572_864)
        #expect(!spec.persist && !spec.repeatsAsScenarios)
        #expect(spec.redactedHeaders.isSuperset(of: ["authorization", "cookie", "x-secret"]))
        let defaults = try RecordSpec(json: [:], redacting: [])
        #expect(defaults.persist && defaults.repeatsAsScenarios && defaults.extractBodyThreshold == 10_240)
        #expect(RecordSpec.parseSize("10 KB") == 10_240 && RecordSpec.parseSize("2048") == 2_048)
        #expect(RecordSpec.parseSize("ten") == nil && RecordSpec.parseSize("1 TB") == nil)
        for bad: [String: Any] in [
            ["requestBodyPattern": ["matcher": "equalToXml"]],
            ["captureHeaders": ["Accept": ["exact": true]]],
            ["extractBodyCriteria": ["textSizeThreshold": "big"]], ["persist": "yes"], ["unknown": 1],
            ["transformers": ["stub-transformer"]],
        ] {
            #expect(throws: MockServerError.self, "\(bad)") { try RecordSpec(json: bad, redacting: []) }
        }
    }
}
