import Foundation
import MockServerKit
import Testing

@Suite("POST /v1/token: Basic credentials in, a bearer token out")
struct TokenEndpointTests {
    /// Asks for a token with `authorization` and returns the response.
    private static func token(_ client: TestClient, _ authorization: String?) throws -> WireResponse {
        try client.request("POST", "/v1/token", headers: authorization.map { [("Authorization", $0)] } ?? [])
    }

    @Test("a user's Basic credentials get a bearer token with expires_in, never cached")
    func issues() async throws {
        try await withServer(.test { $0.tokenLifetime = .seconds(90) }) { _, client async throws in
            let response = try Self.token(client, TestUsers.editorAuthorization)
            #expect(response.status == 200)
            #expect(response.header("cache-control") == "no-store")
            let token = try #require(response.json["access_token"] as? String)
            #expect(token.count == 64)
            #expect(response.json["token_type"] as? String == "Bearer")
            #expect(response.json["expires_in"] as? Int == 90)
            let again = try #require(
                try Self.token(client, TestUsers.editorAuthorization).json["access_token"] as? String)
            #expect(again != token)
        }
    }

    @Test("no, wrong or non-Basic credentials get 401, and only POST is allowed")
    func refuses() async throws {
        try await withServer { _, client async throws in
            for authorization in [nil, TestUsers.basic("ed", "wrong"), "Bearer whatever", "Basic !!!"] {
                let response = try Self.token(client, authorization)
                #expect(response.status == 401, "\(authorization ?? "none")")
                #expect(response.header("www-authenticate") == #"Basic realm="heroes""#)
                #expect(response.json["access_token"] == nil)
            }
            let get = try client.get("/v1/token")
            #expect(get.status == 405)
            #expect(get.header("allow") == "POST")
        }
    }

    @Test("hero routes take the bearer token as they take Basic: an editor's writes, a viewer's reads")
    func heroRoutesAcceptIt() async throws {
        try await withServer { _, client async throws in
            let editor = try #require(
                try Self.token(client, TestUsers.editorAuthorization).json["access_token"] as? String)
            let viewer = try #require(
                try Self.token(client, TestUsers.viewerAuthorization).json["access_token"] as? String)
            let created = try client.send(
                "POST", "/v1/heroes", json: #"{"code_name":"Tokened"}"#, authorization: "Bearer \(editor)")
            #expect(created.status == 201)
            let lowercase = try client.send(
                "POST", "/v1/heroes", json: #"{"code_name":"Tokened Too"}"#, authorization: "bearer \(editor)"
            )
            #expect(lowercase.status == 201)
            let refused = try client.send(
                "POST", "/v1/heroes", json: #"{"code_name":"Viewer Made"}"#, authorization: "Bearer \(viewer)"
            )
            #expect(refused.status == 403)
            #expect(
                try client.get("/v1/heroes/0001", headers: [("Authorization", "Bearer \(viewer)")]).status
                    == 200)
            #expect(
                try client.send("POST", "/v1/heroes", json: #"{"code_name":"Basic Made"}"#).status == 201)
        }
    }

    @Test("a token that expired, was revoked or never issued is 401 invalid_token, reads included")
    func invalidTokens() async throws {
        try await withServer(.test { $0.tokenLifetime = .seconds(1) }) { server, client async throws in
            let token = try #require(
                try Self.token(client, TestUsers.editorAuthorization).json["access_token"] as? String)
            let bearer = [("Authorization", "Bearer \(token)")]
            #expect(try client.get("/v1/heroes/0001", headers: bearer).status == 200)
            try await Task.sleep(for: .milliseconds(1_200))
            let expired = try client.get("/v1/heroes/0001", headers: bearer)
            #expect(expired.status == 401)
            #expect(
                expired.headers.filter { $0.name.lowercased() == "www-authenticate" }.map(\.value) == [
                    #"Basic realm="heroes""#, #"Bearer realm="heroes", error="invalid_token""#,
                ])
            let write = try client.send(
                "DELETE", "/v1/heroes/0001", json: "", authorization: "Bearer \(token)")
            #expect(write.status == 401)
            let fresh = try #require(
                try Self.token(client, TestUsers.editorAuthorization).json["access_token"] as? String)
            #expect(
                try client.get("/v1/teams", headers: [("Authorization", "Bearer \(fresh)")]).status == 200)
            try server.revokeTokens()
            #expect(
                try client.get("/v1/teams", headers: [("Authorization", "Bearer \(fresh)")]).status == 401)
            #expect(
                try client.get("/v1/teams", headers: [("Authorization", "Bearer never-issued")]).status == 401
            )
            #expect(try client.get("/v1/teams").status == 200)
        }
    }

    @Test("DELETE /__admin/tokens revokes them over HTTP; --token-lifetime sets their lifetime")
    func adminAndCommandLine() async throws {
        try await withServer { _, client async throws in
            let token = try #require(
                try Self.token(client, TestUsers.editorAuthorization).json["access_token"] as? String)
            #expect(try client.request("DELETE", "/__admin/tokens").status == 204)
            #expect(
                try client.get("/v1/teams", headers: [("Authorization", "Bearer \(token)")]).status == 401)
        }
        #expect(try MockServerCommandLine.parse(["--token-lifetime", "2"]).tokenLifetime == .seconds(2))
        #expect(try MockServerCommandLine.parse([]).tokenLifetime == .seconds(3600))
        #expect(throws: MockServerError.self) { try MockServerCommandLine.parse(["--token-lifetime", "0"]) }
    }
}
