import Foundation
import MockServerKit
import Testing

@Suite("Request journal: credentials")
struct JournalRedactionTests {
    @Test("the journal keeps the user name of Basic credentials, never the password or other secrets")
    func redacted() async throws {
        try await withServer { server, client async throws in
            _ = try client.send("POST", "/v1/heroes", json: #"{"code_name":"Redacted"}"#)
            _ = try client.get(
                "/v1/heroes/0001",
                headers: [
                    ("Authorization", "Bearer s3cr3t-token"), ("Cookie", "session=abc"), ("X-Trace", "t"),
                ])
            let entries = try await server.waitForRequests(count: 2)
            #expect(entries[0].value("authorization") == "Basic ed:<redacted>")
            #expect(entries[0].status == 201)
            #expect(entries[1].value("authorization") == "Bearer <redacted>")
            #expect(entries[1].value("cookie") == "<redacted>")
            #expect(entries[1].value("x-trace") == "t")
            let everything = entries.flatMap(\.fields).map(\.value).joined(separator: " ")
            #expect(!everything.contains("ed-secret-1") && !everything.contains("s3cr3t-token"))
            #expect(!everything.contains(TestUsers.editorAuthorization))
        }
    }

    @Test("the journal over the admin API shows credentials redacted too")
    func redactedOverHTTP() async throws {
        try await withServer { server, client async throws in
            _ = try client.get(
                "/v1/heroes/0001",
                headers: [("Authorization", TestUsers.editorAuthorization), ("X-Api-Key", "k3y-value")])
            _ = try await server.waitForRequests(count: 1)
            let journal = try client.get("/__admin/requests").text
            #expect(journal.contains("Basic ed:<redacted>"))
            #expect(!journal.contains("ed-secret-1") && !journal.contains(TestUsers.editorAuthorization))
            #expect(!journal.contains("k3y-value"))
        }
    }

    @Test("a large body is kept to its first 16 KiB, with its full length")
    func boundedBody() async throws {
        try await withServer { server, client async throws in
            let body = (0..<40_000).map { UInt8(truncatingIfNeeded: $0) }
            _ = try client.request(
                "PUT", "/v1/heroes/0001/picture", headers: [("X-Trace", "big")], body: body)
            let entry = try #require(try await server.waitForRequests(count: 1).first)
            #expect(entry.bodyLength == 40_000)
            #expect(entry.body == Data(body.prefix(16_384)))
        }
    }
}
