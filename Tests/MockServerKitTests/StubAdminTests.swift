import Foundation
import MockServerKit
import Testing

@Suite("WireMock's admin API under /__admin")
struct StubAdminTests {
    static let fileStub = #"""
        {"id": "file-stub", "name": "from a file",
         "request": {"method": "GET", "urlPath": "/greeting", "headers": {"Accept": {"equalTo": "text/plain"}}},
         "response": {"body": "hello"}}
        """#

    static func post(_ client: TestClient, _ path: String, _ json: String) throws -> WireResponse {
        try client.request(
            "POST", path, headers: [("Content-Type", "application/json")], body: Array(json.utf8))
    }

    @Test(
        "mappings: POST adds one, GET lists and reads it, PUT edits it, DELETE removes it, reset goes back to the files"
    )
    func mappings() async throws {
        try await withStubs(["greeting.json": Self.fileStub], heroes: false) { _, client async throws in
            let added = try Self.post(
                client, "/__admin/mappings",
                #"{"request": {"method": "GET", "url": "/added"}, "response": {"status": 202, "body": "added"}}"#
            )
            #expect(added.status == 201)
            let id = try #require(added.json["id"] as? String)
            #expect(try client.get("/added").status == 202)

            let listed = try client.get("/__admin/mappings")
            let mappings = try #require(listed.json["mappings"] as? [[String: Any]])
            #expect(mappings.compactMap { $0["id"] as? String } == [id, "file-stub"])
            #expect((listed.json["meta"] as? [String: Any])?["total"] as? Int == 2)
            #expect(try client.get("/__admin/mappings/file-stub").json["name"] as? String == "from a file")

            let edited = try client.request(
                "PUT", "/__admin/mappings/\(id)", headers: [("Content-Type", "application/json")],
                body: Array(
                    #"{"request": {"method": "GET", "url": "/added"}, "response": {"body": "edited"}}"#.utf8))
            #expect(edited.status == 200)
            #expect(edited.json["id"] as? String == id)
            #expect(try client.get("/added").text == "edited")
            let missing = try client.request(
                "PUT", "/__admin/mappings/no-such-id", body: Array(#"{"request": {}, "response": {}}"#.utf8))
            #expect(missing.status == 404)

            #expect(try client.request("DELETE", "/__admin/mappings/\(id)").status == 200)
            #expect(try client.get("/added").status == 404)
            #expect(try client.get("/__admin/mappings/\(id)").status == 404)
            #expect(try client.request("DELETE", "/__admin/mappings/file-stub").status == 200)
            #expect(try client.get("/greeting", headers: [("Accept", "text/plain")]).status == 404)

            #expect(try client.request("POST", "/__admin/mappings/reset").status == 200)
            #expect(try client.get("/greeting", headers: [("Accept", "text/plain")]).text == "hello")
            #expect(
                try client.get("/__admin/mappings").json["meta"].map {
                    ($0 as? [String: Any])?["total"] as? Int
                } == 1)

            #expect(try client.request("DELETE", "/__admin/mappings").status == 200)
            #expect(try client.get("/greeting", headers: [("Accept", "text/plain")]).status == 404)
        }
    }

    @Test("after a reset, a mapping added for a file's URL answers before the file's, as after start-up")
    func resetKeepsRanking() async throws {
        try await withStubs(["greeting.json": Self.fileStub], heroes: false) { _, client async throws in
            let accept = [("Accept", "text/plain")]
            let added =
                #"{"request": {"method": "GET", "urlPath": "/greeting"}, "response": {"body": "added"}}"#
            for _ in 0..<2 {
                #expect(try Self.post(client, "/__admin/mappings", added).status == 201)
                #expect(try client.get("/greeting", headers: accept).text == "added")
                #expect(try client.request("POST", "/__admin/mappings/reset").status == 200)
                #expect(try client.get("/greeting", headers: accept).text == "hello")
            }
        }
    }

    @Test("a mapping the API cannot read is a 422 naming the JSON path and the reason")
    func invalidMapping() async throws {
        try await withStubs([:], heroes: false) { _, client async throws in
            let refused = try Self.post(
                client, "/__admin/mappings",
                #"{"request": {"method": "GET", "urlPattern": "(["}, "response": {}}"#)
            #expect(refused.status == 422)
            let error = try #require((refused.json["errors"] as? [[String: Any]])?.first)
            #expect(
                error["title"] as? String
                    == "the request body: $.request.urlPattern: not a valid regular expression: ([")
            #expect((error["source"] as? [String: Any])?["pointer"] as? String == "/request/urlPattern")
            #expect(try Self.post(client, "/__admin/mappings", "nope").status == 422)
        }
    }

    @Test(
        "GET /__admin/requests carries both shapes; count and find take a request pattern; unmatched lists misses"
    )
    func journal() async throws {
        try await withStubs(["greeting.json": Self.fileStub], heroes: false) { server, client async throws in
            #expect(try client.get("/greeting", headers: [("Accept", "text/plain")]).status == 200)
            #expect(try client.get("/greeting", headers: [("Accept", "text/html")]).status == 404)
            #expect(try client.request("POST", "/other", body: Array("x".utf8)).status == 404)
            _ = try await server.waitForRequests(count: 3)

            let journal = try client.get("/__admin/requests")
            #expect((journal.json["items"] as? [[String: Any]])?.count == 3)
            #expect(journal.json["last_sequence"] as? Int == 3)
            let requests = try #require(journal.json["requests"] as? [[String: Any]])
            // WireMock lists the newest first.
            #expect(
                requests.compactMap { ($0["request"] as? [String: Any])?["method"] as? String } == [
                    "POST", "GET", "GET",
                ])
            #expect(requests.map { $0["wasMatched"] as? Bool } == [false, false, true])
            #expect((requests.last?["stubMapping"] as? [String: Any])?["id"] as? String == "file-stub")
            #expect((journal.json["meta"] as? [String: Any])?["total"] as? Int == 3)

            let count = try Self.post(
                client, "/__admin/requests/count", #"{"method": "GET", "urlPath": "/greeting"}"#)
            #expect(count.json["count"] as? Int == 2)
            let found = try Self.post(
                client, "/__admin/requests/find",
                #"{"method": "ANY", "urlPathPattern": "/gr.*", "headers": {"Accept": {"contains": "html"}}}"#)
            let foundRequests = try #require(found.json["requests"] as? [[String: Any]])
            #expect(foundRequests.count == 1)
            #expect(
                ((foundRequests.first?["request"] as? [String: Any])?["headers"] as? [String: Any])?["Accept"]
                    as? String
                    == "text/html")

            let unmatched = try #require(
                try client.get("/__admin/requests/unmatched").json["requests"] as? [[String: Any]])
            #expect(
                unmatched.compactMap { ($0["request"] as? [String: Any])?["url"] as? String } == [
                    "/greeting", "/other",
                ])

            let misses = try #require(
                try client.get("/__admin/requests/unmatched/near-misses").json["nearMisses"]
                    as? [[String: Any]])
            #expect(misses.count == 2)
            #expect((misses.first?["stubMapping"] as? [String: Any])?["id"] as? String == "file-stub")
            #expect(
                misses.first?["differences"] as? [String] == [
                    #"header Accept: expected equal to "text/plain", got "text/html""#
                ])
        }
    }

    @Test("unmatched lists every request no stub matched, as WireMock's LoggedRequest with url at the top")
    func unmatchedBesideHeroes() async throws {
        try await withStubs(["greeting.json": Self.fileStub]) { server, client async throws in
            #expect(try client.get("/greeting", headers: [("Accept", "text/plain")]).status == 200)
            #expect(try client.get("/v1/heroes/0001").status == 200)
            // A client's stale bearer token makes the hero routes answer 401; no stub matched it.
            #expect(try client.get("/orders/7", headers: [("Authorization", "Bearer stale")]).status == 401)
            #expect(try client.get("/greeting", headers: [("Accept", "text/html")]).status == 404)
            _ = try await server.waitForRequests(count: 4)
            let unmatched = try #require(
                try client.get("/__admin/requests/unmatched").json["requests"] as? [[String: Any]])
            #expect(unmatched.compactMap { $0["url"] as? String } == ["/orders/7", "/greeting"])
            #expect(unmatched.compactMap { $0["method"] as? String } == ["GET", "GET"])
            #expect(unmatched.map { $0["wasMatched"] as? Bool } == [false, false])
        }
    }

    @Test(
        "entries carry loggedDate and loggedDateString; find gives LoggedRequests, url and method at the top")
    func loggedRequests() async throws {
        try await withStubs(["greeting.json": Self.fileStub], heroes: false) { server, client async throws in
            let before = Int(Date().timeIntervalSince1970 * 1000)
            #expect(
                try client.get("/greeting?lang=en&lang=fr", headers: [("Accept", "text/plain")]).status == 200
            )
            _ = try await server.waitForRequests(count: 1)
            let after = Int(Date().timeIntervalSince1970 * 1000) + 1
            let iso = try Regex(#"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$"#)

            let listed = try #require(
                try client.get("/__admin/requests").json["requests"] as? [[String: Any]])
            let entry = try #require(listed.first)
            for logged in [entry, try #require(entry["request"] as? [String: Any])] {
                let date = try #require(logged["loggedDate"] as? Int)
                #expect((before...after).contains(date))
                let text = try #require(logged["loggedDateString"] as? String)
                #expect(text.wholeMatch(of: iso) != nil, "\(text)")
            }

            let found = try Self.post(
                client, "/__admin/requests/find", #"{"method": "GET", "urlPath": "/greeting"}"#)
            let request = try #require((found.json["requests"] as? [[String: Any]])?.first)
            #expect(request["url"] as? String == "/greeting?lang=en&lang=fr")
            #expect(request["method"] as? String == "GET")
            #expect((request["headers"] as? [String: Any])?["Accept"] as? String == "text/plain")
            #expect(request["browserProxyRequest"] as? Bool == false)
            let lang = (request["queryParams"] as? [String: Any])?["lang"] as? [String: Any]
            #expect(lang?["values"] as? [String] == ["en", "fr"])
            let text = try #require(request["loggedDateString"] as? String)
            #expect(text.wholeMatch(of: iso) != nil)
            #expect(request["loggedDate"] is Int)
        }
    }

    @Test(
        "near-misses/request names the closest stubs; near-misses/request-pattern the closest journalled requests"
    )
    func nearMissEndpoints() async throws {
        let other = #"{"id": "other", "request": {"method": "POST", "url": "/elsewhere"}, "response": {}}"#
        try await withStubs(["greeting.json": Self.fileStub, "other.json": other], heroes: false) {
            server, client async throws in
            let misses = try Self.post(
                client, "/__admin/near-misses/request",
                #"{"url": "/greeting", "method": "GET", "headers": {"Accept": "text/html"}}"#)
            #expect(misses.status == 200)
            let listed = try #require(misses.json["nearMisses"] as? [[String: Any]])
            #expect(
                listed.compactMap { ($0["stubMapping"] as? [String: Any])?["id"] as? String } == [
                    "file-stub", "other",
                ])
            #expect((listed.first?["request"] as? [String: Any])?["url"] as? String == "/greeting")

            #expect(try client.get("/greeting", headers: [("Accept", "text/html")]).status == 404)
            #expect(try client.request("DELETE", "/far/away").status == 404)
            _ = try await server.waitForRequests(count: 2)
            let byPattern = try Self.post(
                client, "/__admin/near-misses/request-pattern",
                #"{"method": "GET", "url": "/greeting", "headers": {"Accept": {"equalTo": "text/plain"}}}"#)
            #expect(byPattern.status == 200)
            let requests = try #require(byPattern.json["nearMisses"] as? [[String: Any]])
            #expect(
                requests.compactMap { ($0["request"] as? [String: Any])?["url"] as? String } == [
                    "/greeting", "/far/away",
                ])
            #expect((requests.first?["requestPattern"] as? [String: Any])?["url"] as? String == "/greeting")
        }
    }

    @Test("near misses are ranked by WireMock's distance, URL and method weighing most, closest first")
    func nearMissDistance() async throws {
        // Two differences but the same URL: WireMock names it before a stub with another URL.
        let sameURL = #"""
            {"id": "same-url", "request": {"method": "POST", "url": "/users/list",
             "headers": {"X-Team": {"equalTo": "blue"}}}, "response": {}}
            """#
        let otherURL =
            #"{"id": "other-url", "request": {"method": "GET", "url": "/orders/42/lines"}, "response": {}}"#
        try await withStubs(["a.json": sameURL, "b.json": otherURL], heroes: false) {
            _, client async throws in
            let misses = try Self.post(
                client, "/__admin/near-misses/request",
                #"{"url": "/users/list", "method": "GET", "headers": {"X-Team": "red"}}"#)
            let listed = try #require(misses.json["nearMisses"] as? [[String: Any]])
            #expect(
                listed.compactMap { ($0["stubMapping"] as? [String: Any])?["id"] as? String } == [
                    "same-url", "other-url",
                ])
            let distances = listed.compactMap {
                ($0["matchResult"] as? [String: Any])?["distance"] as? Double
            }
            #expect(distances.count == 2)
            #expect(distances == distances.sorted())
            #expect(distances.allSatisfy { $0 > 0 && $0 <= 1 })
            let notFound = try client.get("/users/list", headers: [("X-Team", "red")])
            #expect(notFound.status == 404)
            #expect(notFound.text.contains("same-url"))
            #expect(!notFound.text.contains("other-url"))
        }
    }

    @Test("scenarios are listed with their states, and reset puts them back in Started")
    func scenarios() async throws {
        try await withStubs(["todo.json": StubScenarioTests.toDoList], heroes: false) {
            _, client async throws in
            _ = try client.request("POST", "/todo/items", body: Array("Cancel newspaper subscription".utf8))
            let listed = try #require(
                try client.get("/__admin/scenarios").json["scenarios"] as? [[String: Any]])
            #expect(listed.count == 1)
            #expect(listed.first?["name"] as? String == "To do list")
            #expect(listed.first?["state"] as? String == "Cancel newspaper item added")
            #expect(
                listed.first?["possibleStates"] as? [String] == ["Started", "Cancel newspaper item added"])
            #expect(try client.request("POST", "/__admin/scenarios/reset").status == 200)
            #expect(try client.get("/todo/items").text == "<items><item>Buy milk</item></items>")
        }
    }

    @Test("POST /__admin/reset does both jobs: heroes and faults, and mappings, journal and scenarios")
    func reset() async throws {
        try await withStubs(["todo.json": StubScenarioTests.toDoList]) { server, client async throws in
            #expect(try client.send("DELETE", "/v1/heroes/0001", json: "").status == 204)
            _ = try client.send(
                "POST", "/__admin/faults",
                json: #"{"method": "GET", "path": "/v1/heroes/0002", "fault": "status:503"}"#)
            _ = try Self.post(client, "/__admin/mappings", #"{"request": {"url": "/extra"}, "response": {}}"#)
            _ = try client.request("POST", "/todo/items", body: Array("Cancel newspaper subscription".utf8))
            #expect(try client.request("POST", "/__admin/reset").status == 204)
            #expect(try client.get("/v1/heroes/0001").status == 200)
            #expect(try client.get("/v1/heroes/0002").status == 200)
            #expect(try client.get("/extra").status == 404)
            #expect(try client.get("/todo/items").text == "<items><item>Buy milk</item></items>")
            let items = try #require(try client.get("/__admin/requests").json["items"] as? [[String: Any]])
            #expect(items.count == 4, "only the requests after the reset")
            #expect(server.requests().first?.path == "/v1/heroes/0001")
        }
    }

    @Test("the WireMock routes follow the admin rule: off beyond loopback without a token, 401 without it")
    func access() async throws {
        try await withServer(.test { $0.host = "0.0.0.0" }) { _, client async throws in
            #expect(try client.get("/__admin/mappings").status == 404)
        }
        try await withServer(.test { $0.adminToken = "t0ken" }) { _, client async throws in
            #expect(try client.get("/__admin/mappings").status == 401)
            #expect(
                try client.get("/__admin/mappings", headers: [("Authorization", "Bearer t0ken")]).status
                    == 200)
        }
    }

    @Test(
        "a near miss is a plain-text 404 naming the closest stub and each part that differed; /v1 keeps its JSON 404"
    )
    func nearMissText() async throws {
        let stub = #"""
            {"name": "create order", "id": "orders",
             "request": {"method": "POST", "urlPath": "/orders", "headers": {"Content-Type": {"equalTo": "application/json"}},
                         "bodyPatterns": [{"matchesJsonPath": "$.item"}]},
             "response": {"status": 201}}
            """#
        try await withStubs(["orders.json": stub]) { _, client async throws in
            let miss = try client.request(
                "PUT", "/orders?x=1", headers: [("Content-Type", "text/plain")], body: Array("{}".utf8))
            #expect(miss.status == 404)
            #expect(miss.header("content-type") == "text/plain; charset=utf-8")
            #expect(
                miss.text == """
                    No stub matches PUT /orders?x=1.
                    Closest stub: "create order" (id orders, mappings/orders.json)
                      - method: expected POST, got PUT
                      - header Content-Type: expected equal to "application/json", got "text/plain"
                      - body: expected a JSON body where $.item exists, got {}

                    """)
            let hero = try client.get("/v1/heroes/9999")
            #expect(hero.status == 404)
            #expect(hero.errorCode == "not_found")
        }
    }
}
