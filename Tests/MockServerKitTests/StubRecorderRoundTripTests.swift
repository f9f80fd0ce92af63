import Foundation
import Testing

@testable import MockServerKit

@Suite("Recorded stubs load back and answer as recorded, over TCP")
struct StubRecorderRoundTripTests {
    /// Headers the recorder keeps, compared between the recorded and the replayed answer.
    static func keptHeaders(_ response: WireResponse) -> [String: String] {
        var kept: [String: String] = [:]
        for (name, value) in response.headers
        where !RecordingResponse.droppedHeaders.contains(name.lowercased()) && name.lowercased() != "server" {
            kept[name.lowercased()] = value
        }
        return kept
    }

    @Test(
        "hero answers recorded live (JSON, PNG, a create, a delete) replay with the same status, headers and body"
    )
    func liveRoundTrip() async throws {
        let editor = [("Authorization", TestUsers.editorAuthorization)]
        var exchanges: [RecordedExchange] = []
        try await withServer { _, client async throws in
            let steps: [(String, String, [(String, String)], String?)] = [
                ("GET", "/v1/heroes/0007", [], nil),
                ("GET", "/v1/heroes/0007/picture", [], nil),
                ("GET", "/v1/heroes?page=1&per_page=2", [], nil),
                ("GET", "/v1/teams", [], nil),
                ("GET", "/v1/teams", [], nil),
                (
                    "POST", "/v1/heroes", editor + [("Content-Type", "application/json")],
                    #"{"code_name":"Recorded"}"#
                ),
                ("DELETE", "/v1/heroes/0007", editor, nil),
                ("GET", "/v1/heroes/0007", [], nil),
            ]
            for (method, target, headers, body) in steps {
                exchanges.append(
                    try client.record(method, target, headers: headers, body: Array((body ?? "").utf8)))
            }
        }
        #expect(exchanges[0].status == 200 && exchanges[7].status == 404 && exchanges[6].status == 204)
        var spec = RecordSpec(redacting: [])
        spec.captureHeaders = ["authorization": false]
        let stubs = StubRecorder.stubs(from: exchanges, spec: spec)
        // GET /v1/teams twice with the same answer: one stub; the hero GET: two steps of a scenario.
        #expect(stubs.mappings.count == 7)
        #expect(stubs.bodyFiles.count == 1)  // the PNG; the JSON bodies are under 10 KiB
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try stubs.write(toRootDirectory: root)
        try await withRecording(root) { _, client async throws in
            for (index, exchange) in exchanges.enumerated() {
                let headers = exchange.requestHeaders.map { ($0.name, $0.value) }
                let body = exchange.requestBody.isEmpty ? nil : exchange.requestBody
                let replayed = try client.request(exchange.method, exchange.url, headers: headers, body: body)
                #expect(
                    replayed.status == exchange.status, "step \(index): \(exchange.method) \(exchange.url)")
                #expect(replayed.body == exchange.responseBody, "step \(index)")
                let recorded = Self.keptHeaders(
                    WireResponse(status: exchange.status, headers: exchange.responseHeaders, body: []))
                let answered = Self.keptHeaders(replayed)
                for (name, value) in recorded {
                    #expect(answered[name] == value, "step \(index): header \(name)")
                }
            }
            // The credential is required but any value will do; without it nothing matches.
            #expect(try client.request("DELETE", "/v1/heroes/0007").status == 404)
            #expect(
                try client.request("DELETE", "/v1/heroes/0007", headers: [("Authorization", "Bearer other")])
                    .status
                    == 204)
            // Another body does not match the recorded create.
            let other = try client.request(
                "POST", "/v1/heroes", headers: editor + [("Content-Type", "application/json")],
                body: Array(#"{"code_name":"Someone else"}"#.utf8))
            #expect(other.status == 404)
        }
    }

    @Test("answers that change in turn replay in order as a scenario, the last one staying")
    func scenarioOrder() async throws {
        let exchanges = ["one", "two", "three", "three"].map { text in
            RecordedExchange(
                method: "GET", url: "/jobs/42?verbose=1", status: 200,
                responseHeaders: [("Content-Type", "text/plain")], responseBody: Array(text.utf8))
        }
        let root = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try StubRecorder.stubs(from: exchanges, spec: RecordSpec()).write(toRootDirectory: root)
        try await withRecording(root) { _, client async throws in
            for expected in ["one", "two", "three", "three", "three"] {
                #expect(try client.get("/jobs/42?verbose=1").text == expected)
            }
            #expect(try client.get("/jobs/42").status == 404)
        }
    }
}
