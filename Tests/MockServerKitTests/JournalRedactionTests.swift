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

    @Test(
        "headers and query parameters named like a password, session, credential, auth or token are redacted")
    func redactedByName() async throws {
        try await withServer { server, client async throws in
            _ = try client.get(
                "/v1/heroes?page=1&access_token=qs-1&Password=qs-2&pass%77d=qs-3&session=qs-4&q=plain",
                headers: [
                    ("X-User-Password", "hs-1"), ("X-Passwd", "hs-2"), ("X-Auth-Code", "hs-3"),
                    ("X-Session-Id", "hs-4"), ("X-Credential", "hs-5"), ("X-Refresh-Token", "hs-6"),
                    ("Authorization", "bearer hs-7"), ("X-Trace", "kept"),
                ])
            let entry = try #require(try await server.waitForRequests(count: 1).first)
            #expect(
                entry.query
                    == "page=1&access_token=<redacted>&Password=<redacted>&pass%77d=<redacted>&session=<redacted>&q=plain"
            )
            for name in ["x-user-password", "x-passwd", "x-auth-code", "x-session-id", "x-credential"] {
                #expect(entry.value(name) == "<redacted>", "\(name)")
            }
            #expect(entry.value("x-refresh-token") == "<redacted>")
            #expect(entry.value("authorization") == "bearer <redacted>")
            #expect(entry.value("x-trace") == "kept")
            let journal = try client.get("/__admin/requests").text
            for secret in (1...4).map({ "qs-\($0)" }) + (1...7).map({ "hs-\($0)" }) {
                #expect(!journal.contains(secret), "\(secret)")
            }
        }
    }
}
