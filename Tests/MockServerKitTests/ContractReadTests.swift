import Foundation
import MockServerKit
import Testing

@Suite("Contract: reading heroes, pages and teams")
struct ContractReadTests {
    @Test("GET /health answers 200 with status ok")
    func health() async throws {
        try await withServer { _, client async throws in
            let response = try client.get("/health")
            #expect(response.status == 200)
            #expect(response.json["status"] as? String == "ok")
            #expect(response.header("content-type") == "application/json")
            let date = try #require(response.header("date"))
            #expect(date.wholeMatch(of: /[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT/) != nil)
        }
    }

    @Test("GET /v1/teams lists at least five teams with id and name")
    func teams() async throws {
        try await withServer { _, client async throws in
            let response = try client.get("/v1/teams")
            #expect(response.status == 200)
            let items = try #require(response.json["items"] as? [[String: Any]])
            #expect(items.count >= 5)
            #expect(items.allSatisfy { $0["id"] is String && $0["name"] is String })
            #expect(response.header("etag") != nil)
        }
    }

    @Test("GET /v1/heroes/{id} answers the hero with every key and an ETag of id and version")
    func heroByID() async throws {
        try await withServer { _, client async throws in
            let response = try client.get("/v1/heroes/0001")
            #expect(response.status == 200)
            let hero = response.json
            #expect(hero["id"] as? String == "0001")
            #expect(hero["code_name"] as? String == "Copper Kestrel")
            #expect(hero["encrypted_real_name"] is String)
            #expect((hero["powers"] as? [String])?.isEmpty == false)
            #expect(hero["picture_url"] as? String == "/v1/heroes/0001/picture")
            #expect((hero["team"] as? [String: Any])?["id"] as? String == "dawn-guard")
            #expect(hero["updated_at"] is String)
            let version = try #require(hero["version"] as? Int)
            #expect(response.header("etag") == "\"0001-\(version)\"")
        }
    }

    @Test("a motto is sent by the heroes that have one; the others leave the key out, as docs/API.md allows")
    func motto() async throws {
        try await withServer { _, client async throws in
            #expect(
                try client.get("/v1/heroes/0044").json["motto"] as? String
                    == "The tide remembers what the shore forgets.")
            #expect(try client.get("/v1/heroes/0001").json.keys.contains("motto") == false)
        }
    }

    @Test("an absent hero is 404 with a not_found error body")
    func absentHero() async throws {
        try await withServer { _, client async throws in
            let response = try client.get("/v1/heroes/9999")
            #expect(response.status == 404)
            #expect(response.errorCode == "not_found")
            #expect((response.json["error"] as? [String: Any])?["message"] is String)
        }
    }

    @Test("the first page has 20 items ordered by code name case-insensitively, then id, with the total")
    func firstPage() async throws {
        try await withServer { _, client async throws in
            let response = try client.get("/v1/heroes")
            #expect(response.status == 200)
            #expect(response.json["page"] as? Int == 1)
            #expect(response.json["per_page"] as? Int == 20)
            let total = try #require(response.json["total"] as? Int)
            #expect(total >= 40)
            let all = try client.get("/v1/heroes?per_page=100")
            let names = try #require(all.json["items"] as? [[String: Any]]).compactMap {
                $0["code_name"] as? String
            }
            #expect(names.count == total)
            #expect(names == names.sorted { $0.lowercased() < $1.lowercased() })
            #expect(names.contains("quillfeather"))
            let first = try #require(response.json["items"] as? [[String: Any]])
            #expect(first.count == 20)
        }
    }

    @Test("pages slice the ordered list and a page past the end is empty with the same total")
    func pagination() async throws {
        try await withServer { _, client async throws in
            let all = try #require(
                try client.get("/v1/heroes?per_page=100").json["items"] as? [[String: Any]])
            let ids = all.compactMap { $0["id"] as? String }
            let second = try #require(
                try client.get("/v1/heroes?page=2&per_page=7").json["items"] as? [[String: Any]])
            #expect(second.compactMap { $0["id"] as? String } == Array(ids[7..<14]))
            let beyond = try client.get("/v1/heroes?page=99&per_page=10")
            #expect(beyond.status == 200)
            #expect((beyond.json["items"] as? [Any])?.isEmpty == true)
            #expect(beyond.json["total"] as? Int == ids.count)
        }
    }

    @Test("q matches a code name or a power, case-insensitively")
    func search() async throws {
        try await withServer { _, client async throws in
            let byName = try #require(
                try client.get("/v1/heroes?q=KESTREL").json["items"] as? [[String: Any]])
            #expect(byName.compactMap { $0["id"] as? String } == ["0001"])
            let byPower = try client.get("/v1/heroes?q=night%20vision&per_page=100")
            let items = try #require(byPower.json["items"] as? [[String: Any]])
            #expect(items.count >= 2)
            #expect(
                items.allSatisfy { hero in
                    (hero["powers"] as? [String])?.contains { $0.lowercased().contains("night vision") }
                        == true
                })
            let unicode = try client.get("/v1/heroes?q=se%C3%B1ora")
            #expect(unicode.json["total"] as? Int == 1)
        }
    }

    @Test("team filters by team id, and combines with q")
    func teamFilter() async throws {
        try await withServer { _, client async throws in
            let response = try client.get("/v1/heroes?team=tide-keepers&per_page=100")
            let items = try #require(response.json["items"] as? [[String: Any]])
            #expect(!items.isEmpty)
            #expect(items.allSatisfy { ($0["team"] as? [String: Any])?["id"] as? String == "tide-keepers" })
            let combined = try client.get("/v1/heroes?team=tide-keepers&q=water")
            #expect((combined.json["total"] as? Int ?? 0) < items.count)
        }
    }

    @Test(
        "a bad page, per_page or team is 400 bad_request",
        arguments: [
            "page=0", "page=-1", "page=abc", "page=1.5", "page=", "per_page=0", "per_page=101", "per_page=x",
            "team=no-such-team", "page=1&page=2", "q=%ZZ", "page=99999999999999999999",
        ])
    func badQuery(query: String) async throws {
        try await withServer { _, client async throws in
            let response = try client.get("/v1/heroes?\(query)")
            #expect(response.status == 400)
            #expect(response.errorCode == "bad_request")
        }
    }

    @Test("unknown query parameters are ignored")
    func unknownParameter() async throws {
        try await withServer { _, client async throws in
            #expect(try client.get("/v1/heroes?sort=desc&page=1").status == 200)
        }
    }

    @Test(
        "If-None-Match with the current ETag is 304 without a body",
        arguments: ["/v1/heroes/0002", "/v1/heroes?page=1", "/v1/teams", "/v1/heroes/0002/picture"])
    func notModified(path: String) async throws {
        try await withServer { _, client async throws in
            let first = try client.get(path)
            let tag = try #require(first.header("etag"))
            let second = try client.get(path, headers: [("If-None-Match", tag)])
            #expect(second.status == 304)
            #expect(second.body.isEmpty)
            #expect(second.header("etag") == tag)
            let weak = try client.get(path, headers: [("If-None-Match", "\"other\", W/\(tag)")])
            #expect(weak.status == 304)
            let stale = try client.get(path, headers: [("If-None-Match", "\"stale\"")])
            #expect(stale.status == 200)
        }
    }

    @Test("any change to the heroes changes every page's ETag")
    func pageTagsChange() async throws {
        try await withServer { _, client async throws in
            let before = try #require(try client.get("/v1/heroes?page=2").header("etag"))
            let created = try client.send("POST", "/v1/heroes", json: #"{"code_name":"Zzz Last"}"#)
            #expect(created.status == 201)
            let after = try client.get("/v1/heroes?page=2", headers: [("If-None-Match", before)])
            #expect(after.status == 200)
            #expect(after.header("etag") != before)
        }
    }

    @Test(
        "HEAD answers with GET's status and headers and no body",
        arguments: [
            "/health", "/v1/heroes", "/v1/heroes/0003", "/v1/teams", "/v1/heroes/0003/picture", "/nope",
        ])
    func head(path: String) async throws {
        try await withServer { server, client async throws in
            let get = try client.get(path)
            let connection = try RawConnection(port: server.port)
            try connection.send(
                "HEAD \(path) HTTP/1.1\r\nHost: x\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try connection.readResponse(head: true)
            #expect(head.status == get.status)
            #expect(head.header("content-length") == String(get.body.count))
            #expect(head.header("content-type") == get.header("content-type"))
            #expect(head.header("etag") == get.header("etag"))
            // The next response starts right away: proof that no body bytes followed the HEAD answer.
            #expect(try connection.readResponse().status == 200)
        }
    }

    @Test("an unknown path is 404 with an error body")
    func unknownPath() async throws {
        try await withServer { _, client async throws in
            for path in [
                "/", "/v2/heroes", "/v1/heroes/0001/powers", "/v1/heroes/", "/v1/heroes/bad%20id",
                "/v1/heroes/0001%2Fpicture",
            ] {
                let response = try client.get(path)
                #expect(response.status == 404, "\(path)")
                #expect(response.errorCode == "not_found", "\(path)")
            }
        }
    }

    @Test(
        "a known path with a wrong method is 405 with Allow",
        arguments: [
            ("DELETE", "/health", "GET, HEAD"), ("PUT", "/v1/heroes", "GET, HEAD, POST"),
            ("POST", "/v1/heroes/0001", "GET, HEAD, PUT, DELETE"),
            ("PATCH", "/v1/heroes/0001", "GET, HEAD, PUT, DELETE"),
            ("DELETE", "/v1/heroes/0001/picture", "GET, HEAD, PUT"), ("POST", "/v1/teams", "GET, HEAD"),
        ])
    func methodNotAllowed(method: String, path: String, allow: String) async throws {
        try await withServer { _, client async throws in
            let response = try client.request(
                method, path, headers: [("Authorization", TestUsers.editorAuthorization)])
            #expect(response.status == 405)
            #expect(response.header("allow") == allow)
            #expect(response.errorCode != nil)
        }
    }
}
