import Foundation
import MockServerKit
import Testing

@Suite("MockServer/Examples: WireMock's documentation examples, a to-do API and a recording, as data")
struct ExampleStubTests {
    /// `MockServer/Examples/NAME` in this checkout (or in a copy made by its README's recipe).
    static func example(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(
                "MockServer/Examples/\(name)", isDirectory: true)
    }

    static func withExample(_ name: String, _ body: (MockServer, TestClient) async throws -> Void)
        async throws
    {
        try await withServer(
            .test {
                $0.rootDirectory = example(name)
                $0.servesHeroes = false
            }, body)
    }

    @Test("WireMock's to-do list scenario behaves as its Stateful Behaviour page says")
    func statefulBehaviour() async throws {
        try await Self.withExample("wiremock-docs") { _, client async throws in
            let first = try client.get("/todo/items")
            #expect(first.text.contains("Buy milk"))
            #expect(!first.text.contains("Cancel newspaper subscription"))
            let posted = try client.request(
                "POST", "/todo/items", headers: [("Content-Type", "text/plain")],
                body: Array("Cancel newspaper subscription".utf8))
            #expect(posted.status == 201)
            let second = try client.get("/todo/items")
            #expect(second.text.contains("Buy milk"))
            #expect(second.text.contains("Cancel newspaper subscription"))
        }
    }

    @Test("the fault examples: a 2 s delay, and each fault on a real socket")
    func faults() async throws {
        try await Self.withExample("wiremock-docs") { server, client async throws in
            let clock = ContinuousClock()
            let start = clock.now
            #expect(try client.get("/delayed").status == 200)
            #expect(clock.now - start >= .milliseconds(2000))

            let chunk = try RawConnection(port: server.port)
            try chunk.send("GET /fault HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try chunk.readHead()
            #expect(head.status == 200)
            #expect(chunk.readToEnd().count < Int(head.header("content-length") ?? "") ?? 0)

            let empty = try RawConnection(port: server.port)
            try empty.send("GET /fault/empty-response HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(empty.readToEnd().isEmpty)

            let random = try RawConnection(port: server.port)
            try random.send("GET /fault/random-data-then-close HTTP/1.1\r\nHost: x\r\n\r\n")
            let garbage = random.readToEnd()
            #expect(!garbage.isEmpty && !garbage.starts(with: Array("HTTP/".utf8)))

            let reset = try RawConnection(port: server.port)
            try reset.send("GET /fault/connection-reset-by-peer HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(throws: (any Error).self) { try reset.readResponse() }
        }
    }

    @Test(
        "the templating examples render as WireMock renders them; an unsupported helper answers 500 naming it"
    )
    func templating() async throws {
        try await Self.withExample("wiremock-docs") { _, client async throws in
            #expect(try client.get("/templated").text == "templated")
            let json = try client.request(
                "POST", "/templated/json-path", body: Array(#"{"outer": {"inner": "Stuff"}}"#.utf8))
            #expect(json.text == "Stuff")
            let unsupported = try client.get("/templated/capitalize?search=x")
            #expect(unsupported.status == 500)
            #expect(unsupported.text.contains("capitalize"))
            #expect(unsupported.text.contains("mappings/response-templating-unsupported-helper.json"))
        }
    }

    @Test("the JSONPath matchers and the body file")
    func matchingAndFiles() async throws {
        try await Self.withExample("wiremock-docs") { _, client async throws in
            func post(_ path: String, _ json: String) throws -> WireResponse {
                try client.request("POST", path, body: Array(json.utf8))
            }
            #expect(try post("/json-path/name", #"{"name": "Tom"}"#).text == "has a name")
            #expect(try post("/json-path/name", #"{"id": 1}"#).status == 404)
            #expect(
                try post("/json-path/things", #"{"things": [{"name": "RequiredThing"}, {"name": "Other"}]}"#)
                    .status
                    == 200)
            #expect(try post("/json-path/things", #"{"things": [{"name": "Other"}]}"#).status == 404)
            #expect(try post("/json-path/todo", #"{"list": [{"todoItem": "wash the car"}]}"#).status == 200)
            #expect(try post("/json-path/todo", #"{"list": [{"todoItem": "dry the car"}]}"#).status == 404)
            #expect(try client.get("/body-file").text == "<myfile>the body from __files</myfile>\n")
        }
    }

    @Test(
        "the to-do API: empty, add an item (its title templated), list it, remove it, and a JSON 404 for others"
    )
    func toDoAPI() async throws {
        try await Self.withExample("todo-api") { _, client async throws in
            #expect((try client.get("/api/todos").json["items"] as? [Any])?.isEmpty == true)
            let added = try client.send(
                "POST", "/api/todos", json: #"{"title": "Buy milk"}"#, authorization: nil)
            #expect(added.status == 201)
            #expect(added.header("Location") == "/api/todos/1")
            #expect(added.json["title"] as? String == "Buy milk")
            let items = try #require(try client.get("/api/todos").json["items"] as? [[String: Any]])
            #expect(items.map { $0["title"] as? String } == ["Buy milk"])
            #expect(try client.request("DELETE", "/api/todos/1").status == 204)
            #expect((try client.get("/api/todos").json["items"] as? [Any])?.isEmpty == true)
            let other = try client.get("/api/todos/7")
            #expect(other.status == 404)
            #expect(other.json["error"] as? String == "no such to-do")
        }
    }

    @Test("the recorded hero API: each recorded answer as the origin gave it, the picture byte for byte")
    func recordedHeroes() async throws {
        let origin = Self.example("heroes-recorded").deletingLastPathComponent().deletingLastPathComponent()
        let fixture = try Data(
            contentsOf: origin.appendingPathComponent("MockServerKit/Fixtures/pictures/0007.png"))
        try await Self.withExample("heroes-recorded") { _, client async throws in
            let hero = try client.get("/v1/heroes/0007")
            #expect(hero.status == 200)
            #expect(hero.header("ETag") == "\"0007-2\"")
            #expect(hero.json["code_name"] as? String == "quillfeather")
            let page = try client.get("/v1/heroes?page=1&per_page=5")
            #expect((page.json["items"] as? [Any])?.count == 5)
            #expect(try client.get("/v1/heroes?q=tide").json["total"] as? Int == 2)
            #expect((try client.get("/v1/teams").json["items"] as? [Any])?.count == 6)
            let picture = try client.get("/v1/heroes/0007/picture")
            #expect(picture.header("Content-Type") == "image/png")
            #expect(Data(picture.body) == fixture)
            let unknown = try client.get("/v1/heroes/9999")
            #expect(unknown.status == 404)
            #expect(unknown.errorCode == "not_found")
            // Only what was recorded: another hero is no stub's, and no hero routes serve.
            #expect(try client.get("/v1/heroes/0001").text.hasPrefix("No stub matches"))
        }
    }
}
