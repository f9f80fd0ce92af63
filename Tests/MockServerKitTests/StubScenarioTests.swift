import Foundation
import MockServerKit
import Testing

@Suite("WireMock stateful scenarios over TCP")
struct StubScenarioTests {
    /// WireMock's to-do list example (its "Stateful Behaviour" page), as JSON.
    static let toDoList = #"""
        {"mappings": [
          {"scenarioName": "To do list", "requiredScenarioState": "Started",
           "request": {"method": "GET", "url": "/todo/items"},
           "response": {"status": 200, "body": "<items><item>Buy milk</item></items>"}},
          {"scenarioName": "To do list", "requiredScenarioState": "Started",
           "newScenarioState": "Cancel newspaper item added",
           "request": {"method": "POST", "url": "/todo/items",
                       "bodyPatterns": [{"contains": "Cancel newspaper subscription"}]},
           "response": {"status": 201}},
          {"scenarioName": "To do list", "requiredScenarioState": "Cancel newspaper item added",
           "request": {"method": "GET", "url": "/todo/items"},
           "response": {"status": 200,
                        "body": "<items><item>Buy milk</item><item>Cancel newspaper subscription</item></items>"}}
        ]}
        """#

    @Test("the to-do list: Started answers one item; the POST moves the scenario on; then two items")
    func toDoList() async throws {
        try await withStubs(["todo.json": Self.toDoList], heroes: false) { _, client async throws in
            #expect(try client.get("/todo/items").text == "<items><item>Buy milk</item></items>")
            // A POST without the item does not move the scenario.
            #expect(try client.request("POST", "/todo/items", body: Array("something".utf8)).status == 404)
            #expect(try client.get("/todo/items").text == "<items><item>Buy milk</item></items>")
            let add = try client.request(
                "POST", "/todo/items", body: Array("Cancel newspaper subscription".utf8))
            #expect(add.status == 201)
            #expect(
                try client.get("/todo/items").text
                    == "<items><item>Buy milk</item><item>Cancel newspaper subscription</item></items>")
            // In the new state, the POST that needs Started no longer matches.
            #expect(
                try client.request("POST", "/todo/items", body: Array("Cancel newspaper subscription".utf8))
                    .status
                    == 404)
        }
    }

    @Test("a restart puts every scenario back in Started")
    func restart() async throws {
        let root = try stubRoot(["todo.json": Self.toDoList])
        defer { try? FileManager.default.removeItem(at: root) }
        try await offCooperativePool {
            let server = MockServer(configuration: .test { $0.rootDirectory = root })
            for _ in 0..<2 {
                try await server.start()
                let client = TestClient(port: server.port)
                #expect(try client.get("/todo/items").text == "<items><item>Buy milk</item></items>")
                _ = try client.request(
                    "POST", "/todo/items", body: Array("Cancel newspaper subscription".utf8))
                #expect(try client.get("/todo/items").text.contains("Cancel newspaper"))
                await server.stop()
            }
        }
    }
}
