import Foundation
import MockServerKit
import Testing

@Suite("Contract: Idempotency-Key on POST /v1/heroes")
struct IdempotencyTests {
    private static let key = #""8e03978e-40d5-43e8-bc93-6894a57f9324""#
    private static let body = #"{"code_name":"Once Only","powers":["Retry"]}"#

    private func total(_ client: TestClient) throws -> Int {
        try #require(client.get("/v1/heroes?per_page=1").json["total"] as? Int)
    }

    @Test("a repeat with the same key and body gets the first answer, and no second hero")
    func replay() async throws {
        try await withServer { _, client async throws in
            let before = try total(client)
            let first = try client.send(
                "POST", "/v1/heroes", json: Self.body, headers: [("Idempotency-Key", Self.key)])
            #expect(first.status == 201)
            let again = try client.send(
                "POST", "/v1/heroes", json: Self.body, headers: [("Idempotency-Key", Self.key)])
            #expect(again.status == 201)
            #expect(again.body == first.body)
            #expect(again.header("location") == first.header("location"))
            #expect(again.header("etag") == first.header("etag"))
            #expect(again.json["id"] as? String == first.json["id"] as? String)
            #expect(try total(client) == before + 1)
        }
    }

    @Test("the same key with another body is 422 naming the header, and creates nothing")
    func otherBody() async throws {
        try await withServer { _, client async throws in
            let first = try client.send(
                "POST", "/v1/heroes", json: Self.body, headers: [("Idempotency-Key", Self.key)])
            #expect(first.status == 201)
            let before = try total(client)
            let other = try client.send(
                "POST", "/v1/heroes", json: #"{"code_name":"Someone Else"}"#,
                headers: [("Idempotency-Key", Self.key)])
            #expect(other.status == 422)
            #expect(other.errorCode == "validation_failed")
            let fields = try #require((other.json["error"] as? [String: Any])?["fields"] as? [String: String])
            #expect(fields.keys.sorted() == ["Idempotency-Key"])
            #expect(try total(client) == before)
        }
    }

    @Test(
        "a value that is not one quoted sf-string is 400 bad_request, and creates nothing",
        arguments: [
            "8e03978e-40d5-43e8-bc93-6894a57f9324", #""unterminated"#, #""""#, #""a";p=1"#, #""a", "b""#,
            #""bad \escape""#, "\"\(String(repeating: "k", count: 256))\"",
        ])
    func malformed(value: String) async throws {
        try await withServer { _, client async throws in
            let before = try total(client)
            let response = try client.send(
                "POST", "/v1/heroes", json: Self.body, headers: [("Idempotency-Key", value)])
            #expect(response.status == 400)
            #expect(response.errorCode == "bad_request")
            #expect(try total(client) == before)
        }
    }

    @Test("a key sent twice is 400")
    func repeatedHeader() async throws {
        try await withServer { _, client async throws in
            let response = try client.send(
                "POST", "/v1/heroes", json: Self.body,
                headers: [("Idempotency-Key", Self.key), ("Idempotency-Key", Self.key)])
            #expect(response.status == 400)
        }
    }

    @Test("escapes in the key are read as RFC 8941 defines them: one key, however it is spelled")
    func escapedKey() async throws {
        try await withServer { _, client async throws in
            let first = try client.send(
                "POST", "/v1/heroes", json: Self.body, headers: [("Idempotency-Key", #""a\"b\\c""#)])
            #expect(first.status == 201)
            let before = try total(client)
            let again = try client.send(
                "POST", "/v1/heroes", json: Self.body, headers: [("idempotency-key", #""a\"b\\c""#)])
            #expect(again.body == first.body)
            #expect(try total(client) == before)
        }
    }

    @Test("without the header a repeated create is a second create, refused as a duplicate (409)")
    func withoutHeader() async throws {
        try await withServer { _, client async throws in
            let before = try total(client)
            #expect(try client.send("POST", "/v1/heroes", json: Self.body).status == 201)
            #expect(try client.send("POST", "/v1/heroes", json: Self.body).status == 409)
            #expect(try total(client) == before + 1)
        }
    }

    @Test("a refused create is not kept: the same key succeeds once the request is right")
    func refusalNotKept() async throws {
        try await withServer { _, client async throws in
            let refused = try client.send(
                "POST", "/v1/heroes", json: Self.body, authorization: TestUsers.viewerAuthorization,
                headers: [("Idempotency-Key", Self.key)])
            #expect(refused.status == 403)
            let invalid = try client.send(
                "POST", "/v1/heroes", json: #"{"code_name":""}"#, headers: [("Idempotency-Key", Self.key)])
            #expect(invalid.status == 422)
            let created = try client.send(
                "POST", "/v1/heroes", json: Self.body, headers: [("Idempotency-Key", Self.key)])
            #expect(created.status == 201)
        }
    }

    @Test("reset forgets the keys with the heroes they created")
    func resetForgets() async throws {
        try await withServer { server, client async throws in
            let headers = [("Idempotency-Key", Self.key)]
            #expect(try client.send("POST", "/v1/heroes", json: Self.body, headers: headers).status == 201)
            try server.reset()
            let before = try total(client)
            #expect(try client.send("POST", "/v1/heroes", json: Self.body, headers: headers).status == 201)
            #expect(try total(client) == before + 1)
        }
    }
}
