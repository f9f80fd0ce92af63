import Foundation
import MockServerKit
import Testing

@Suite("Contract: creating, replacing and deleting heroes")
struct ContractWriteTests {
    @Test("POST creates a hero: 201, Location, version 1, and it is then readable")
    func create() async throws {
        try await withServer { _, client async throws in
            let response = try client.send(
                "POST", "/v1/heroes",
                json:
                    #"{"code_name":"Lantern Moth","encrypted_real_name":"AAAA","powers":["Glow"],"team_id":"paper-moths","extra":1}"#
            )
            #expect(response.status == 201)
            let id = try #require(response.json["id"] as? String)
            #expect(response.header("location") == "/v1/heroes/\(id)")
            #expect(response.json["version"] as? Int == 1)
            #expect(response.json["picture_url"] is NSNull)
            #expect((response.json["team"] as? [String: Any])?["name"] as? String == "Paper Moths")
            let read = try client.get("/v1/heroes/\(id)")
            #expect(read.status == 200)
            #expect(read.json["code_name"] as? String == "Lantern Moth")
            #expect(read.json["encrypted_real_name"] as? String == "AAAA")
        }
    }

    @Test("a minimal input creates a hero with no powers, team or identity")
    func minimalCreate() async throws {
        try await withServer { _, client async throws in
            let response = try client.send("POST", "/v1/heroes", json: #"{"code_name":"Minimal"}"#)
            #expect(response.status == 201)
            #expect((response.json["powers"] as? [Any])?.isEmpty == true)
            #expect(response.json["team"] is NSNull)
            #expect(response.json["encrypted_real_name"] is NSNull)
        }
    }

    @Test(
        "an invalid input is 422 validation_failed naming the field",
        arguments: [
            (#"{}"#, "code_name"), (#"{"code_name":""}"#, "code_name"), (#"{"code_name":42}"#, "code_name"),
            (#"{"code_name":"\#(String(repeating: "x", count: 81))"}"#, "code_name"),
            (#"{"code_name":"A","powers":"fly"}"#, "powers"), (#"{"code_name":"A","powers":[""]}"#, "powers"),
            (#"{"code_name":"A","powers":[1]}"#, "powers"),
            (#"{"code_name":"A","powers":["\#(String(repeating: "p", count: 121))"]}"#, "powers"),
            (
                #"{"code_name":"A","powers":[\#(Array(repeating: "\"p\"", count: 21).joined(separator: ","))]}"#,
                "powers"
            ),
            (#"{"code_name":"A","team_id":"nope"}"#, "team_id"),
            (#"{"code_name":"A","team_id":3}"#, "team_id"),
            (#"{"code_name":"A","encrypted_real_name":5}"#, "encrypted_real_name"),
            (#"{"code_name":"Evil\u001b[31mRed"}"#, "code_name"),
            (#"{"code_name":"Tab\there"}"#, "code_name"),
            (#"{"code_name":"A","powers":["Fly\u202eeht"]}"#, "powers"),
            (#"{"code_name":"A","powers":["c1\u009b"]}"#, "powers"),
        ])
    func invalid(json: String, field: String) async throws {
        try await withServer { _, client async throws in
            let response = try client.send("POST", "/v1/heroes", json: json)
            #expect(response.status == 422)
            #expect(response.errorCode == "validation_failed")
            let fields = (response.json["error"] as? [String: Any])?["fields"] as? [String: Any]
            #expect(fields?[field] is String)
        }
    }

    @Test("lengths count code points: 80 emoji are a valid code name, 20 powers are allowed")
    func codePoints() async throws {
        try await withServer { _, client async throws in
            let name = String(repeating: "🦉", count: 80)
            let powers = (1...20).map { "\"power \($0)\"" }.joined(separator: ",")
            let response = try client.send(
                "POST", "/v1/heroes", json: #"{"code_name":"\#(name)","powers":[\#(powers)]}"#)
            #expect(response.status == 201)
        }
    }

    @Test("a body that is not a JSON object is 400")
    func malformedBody() async throws {
        try await withServer { _, client async throws in
            for json in ["{", "[]", "\"x\"", ""] {
                #expect(try client.send("POST", "/v1/heroes", json: json).status == 400, "\(json)")
            }
        }
    }

    @Test("a duplicate code name, in any case, is 409 conflict")
    func duplicate() async throws {
        try await withServer { _, client async throws in
            let response = try client.send("POST", "/v1/heroes", json: #"{"code_name":"copper KESTREL"}"#)
            #expect(response.status == 409)
            #expect(response.errorCode == "conflict")
            let rename = try client.send("PUT", "/v1/heroes/0002", json: #"{"code_name":"Copper Kestrel"}"#)
            #expect(rename.status == 409)
            let same = try client.send("PUT", "/v1/heroes/0001", json: #"{"code_name":"COPPER kestrel"}"#)
            #expect(same.status == 200)
        }
    }

    @Test("PUT replaces every field, bumps the version and the ETag")
    func replace() async throws {
        try await withServer { _, client async throws in
            let before = try client.get("/v1/heroes/0004")
            let version = try #require(before.json["version"] as? Int)
            let response = try client.send(
                "PUT", "/v1/heroes/0004", json: #"{"code_name":"Glass Heron II","powers":["Refraction"]}"#)
            #expect(response.status == 200)
            #expect(response.json["version"] as? Int == version + 1)
            #expect(response.json["team"] is NSNull)
            #expect(response.json["encrypted_real_name"] is NSNull)
            #expect(response.json["picture_url"] as? String == "/v1/heroes/0004/picture")
            #expect(response.header("etag") == "\"0004-\(version + 1)\"")
            let updated = try #require(response.json["updated_at"] as? String)
            #expect(updated != before.json["updated_at"] as? String)
            #expect(updated.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
            #expect(try client.get("/v1/heroes/0004").json["code_name"] as? String == "Glass Heron II")
        }
    }

    @Test("a PUT keeps the motto, which only the server sets; a create starts with none")
    func mottoKept() async throws {
        try await withServer { _, client async throws in
            let response = try client.send(
                "PUT", "/v1/heroes/0042", json: #"{"code_name":"Kite Warden","powers":[],"motto":"mine"}"#)
            #expect(response.status == 200)
            #expect(response.json["motto"] as? String == "Higher, then higher still.")
            let created = try client.send(
                "POST", "/v1/heroes", json: #"{"code_name":"Mottoless","motto":"x"}"#)
            #expect(created.status == 201)
            #expect(created.json.keys.contains("motto") == false)
        }
    }

    @Test("PUT or DELETE on an absent hero is 404")
    func absent() async throws {
        try await withServer { _, client async throws in
            #expect(try client.send("PUT", "/v1/heroes/7777", json: #"{"code_name":"X"}"#).status == 404)
            #expect(try client.send("DELETE", "/v1/heroes/7777", json: "").status == 404)
        }
    }

    @Test("If-Match with a stale ETag is 412 on PUT and DELETE; the current one passes")
    func ifMatch() async throws {
        try await withServer { _, client async throws in
            let tag = try #require(try client.get("/v1/heroes/0005").header("etag"))
            let stale = try client.send(
                "PUT", "/v1/heroes/0005", json: #"{"code_name":"Basalt"}"#,
                headers: [("If-Match", "\"0005-0\"")])
            #expect(stale.status == 412)
            #expect(stale.errorCode == "precondition_failed")
            let fresh = try client.send(
                "PUT", "/v1/heroes/0005", json: #"{"code_name":"Basalt"}"#, headers: [("If-Match", tag)])
            #expect(fresh.status == 200)
            let staleDelete = try client.send(
                "DELETE", "/v1/heroes/0005", json: "", headers: [("If-Match", tag)])
            #expect(staleDelete.status == 412)
            let star = try client.send(
                "PUT", "/v1/heroes/0005", json: #"{"code_name":"Basalt"}"#, headers: [("If-Match", "*")])
            #expect(star.status == 200)
            let newTag = try #require(star.header("etag"))
            let delete = try client.send(
                "DELETE", "/v1/heroes/0005", json: "", headers: [("If-Match", newTag)])
            #expect(delete.status == 204)
        }
    }

    @Test("DELETE answers 204 and the hero and its picture are then 404")
    func delete() async throws {
        try await withServer { _, client async throws in
            let response = try client.request(
                "DELETE", "/v1/heroes/0006", headers: [("Authorization", TestUsers.editorAuthorization)])
            #expect(response.status == 204)
            #expect(response.body.isEmpty)
            #expect(try client.get("/v1/heroes/0006").status == 404)
            #expect(try client.get("/v1/heroes/0006/picture").status == 404)
        }
    }

    @Test(
        "writes without valid editor credentials are 401 with the realm, or 403 for a viewer",
        arguments: [
            (nil, 401), ("Bearer abc", 401), ("Basic !!!", 401),
            ("Basic " + Data("nocolon".utf8).base64EncodedString(), 401),
            (TestUsers.basic("ed", "wrong"), 401), (TestUsers.basic("nobody", "ed-secret-1"), 401),
            (TestUsers.basic("editor", "editor-demo-password"), 401), (TestUsers.viewerAuthorization, 403),
        ] as [(String?, Int)])
    func authentication(authorization: String?, status: Int) async throws {
        try await withServer { _, client async throws in
            let response = try client.send(
                "POST", "/v1/heroes", json: #"{"code_name":"Auth"}"#, authorization: authorization)
            #expect(response.status == status)
            if status == 401 {
                #expect(response.errorCode == "unauthorized")
                // Every 401 starts with the Basic challenge; a bearer token the server never
                // issued is also told so in the Bearer one (RFC 6750).
                #expect(response.header("www-authenticate") == #"Basic realm="heroes""#)
                let challenges = response.headers.filter { $0.name.lowercased() == "www-authenticate" }
                #expect(
                    challenges.contains { $0.value == #"Bearer realm="heroes", error="invalid_token""# }
                        == (authorization?.hasPrefix("Bearer") == true))
            } else {
                #expect(response.errorCode == "forbidden")
            }
        }
    }

    @Test("the Basic scheme name is case-insensitive")
    func schemeCase() async throws {
        try await withServer { _, client async throws in
            let authorization = "bAsIc " + Data("ed:ed-secret-1".utf8).base64EncodedString()
            let response = try client.send(
                "POST", "/v1/heroes", json: #"{"code_name":"Case"}"#, authorization: authorization)
            #expect(response.status == 201)
        }
    }
}
