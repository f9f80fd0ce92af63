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
}
