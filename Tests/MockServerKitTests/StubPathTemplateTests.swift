import Foundation
import MockServerKit
import Testing

@Suite("WireMock urlPathTemplate, pathParameters and {{request.path.NAME}} over TCP")
struct StubPathTemplateTests {
    static let picture = #"""
        {"request": {"method": "GET", "urlPathTemplate": "/v1/heroes/{id}/picture",
                     "pathParameters": {"id": {"equalTo": "0007"}}},
         "response": {"status": 200, "body": "picture of {{request.path.id}} ({{request.path.2}})",
                      "transformers": ["response-template"]}}
        """#
    static let any = #"""
        {"request": {"urlPathTemplate": "/things/{kind}/{name}.json"},
         "response": {"body": "{{request.path.kind}}|{{{request.path.name}}}|{{request.path.[name]}}",
                      "headers": {"X-Kind": "{{request.path.kind}}"}, "transformers": ["response-template"]}}
        """#

    @Test("a path fitting the template answers; the parameter pattern applies; the query is ignored")
    func matching() async throws {
        try await withStubs(["p.json": Self.picture, "a.json": Self.any], heroes: false) {
            _, client async throws in
            let hit = try client.get("/v1/heroes/0007/picture?size=large")
            #expect(hit.status == 200)
            #expect(hit.text == "picture of 0007 (0007)")
            // The value pattern refuses another id; a missing or extra segment does not fit.
            #expect(try client.get("/v1/heroes/0008/picture").status == 404)
            #expect(try client.get("/v1/heroes//picture").status == 404)
            #expect(try client.get("/v1/heroes/0007/picture/").status == 404)
            #expect(try client.get("/v1/heroes/00/07/picture").status == 404)
        }
    }

    @Test("a parameter is percent-decoded, may sit inside a segment, and renders in bodies and headers")
    func decodedAndPartial() async throws {
        try await withStubs(["a.json": Self.any], heroes: false) { _, client async throws in
            let response = try client.get("/things/big%20cats/tom.v2.json")
            #expect(response.status == 200)
            // The first parameter takes the most, as WireMock's greedy regex does; `{{x}}` escapes.
            #expect(response.text == "big cats|tom.v2|tom.v2")
            #expect(response.header("X-Kind") == "big cats")
            #expect(try client.get("/things/cats/.json").status == 404)
            #expect(try client.get("/things/cats/tom.xml").status == 404)
        }
    }

    @Test("pathParameters takes every value pattern, on the decoded value")
    func valuePatterns() async throws {
        let stub = #"""
            {"request": {"urlPathTemplate": "/u/{user}/{n}",
                         "pathParameters": {"user": {"matches": "[a-z ]+"}, "n": {"or": [{"equalTo": "1"}, {"equalTo": "2"}]}}},
             "response": {"body": "yes"}}
            """#
        try await withStubs(["u.json": stub], heroes: false) { _, client async throws in
            #expect(try client.get("/u/ed%20smith/2").text == "yes")
            #expect(try client.get("/u/Ed/2").status == 404)
            #expect(try client.get("/u/ed/3").status == 404)
        }
    }

    @Test("a near miss names the parameter that differs, or the template the path does not fit, and ranks it")
    func nearMiss() async throws {
        let other = #"{"request": {"method": "GET", "urlPath": "/v1/teams"}, "response": {}}"#
        try await withStubs(["p.json": Self.picture, "o.json": other], heroes: false) {
            _, client async throws in
            let wrongId = try client.get("/x/heroes/0008/picture")
            #expect(wrongId.text.contains("path template /v1/heroes/{id}/picture"), "\(wrongId.text)")
            let miss = try client.get("/v1/heroes/0008/picture")
            #expect(miss.status == 404)
            #expect(miss.text.contains("Closest stub: (id"), "\(miss.text)")
            #expect(miss.text.contains("mappings/p.json"), "\(miss.text)")
            #expect(
                miss.text.contains(#"- path parameter id: expected equal to "0007", got "0008""#),
                "\(miss.text)")
            #expect(!miss.text.contains("URL:"), "\(miss.text)")
        }
    }

    @Test("near misses rank a template like urlPath: a fitting path with one parameter off is close")
    func nearMissRanking() async throws {
        let far =
            #"{"id": "far", "request": {"method": "GET", "urlPath": "/v1/teams/list/all"}, "response": {}}"#
        let picture = Self.picture.replacingOccurrences(
            of: #"{"request""#, with: #"{"id": "picture", "request""#)
        try await withStubs(["p.json": picture, "f.json": far], heroes: false) { _, client async throws in
            let misses = try StubAdminTests.post(
                client, "/__admin/near-misses/request",
                #"{"url": "/v1/heroes/0008/picture", "method": "GET"}"#)
            let listed = try #require(misses.json["nearMisses"] as? [[String: Any]])
            #expect(
                listed.compactMap { ($0["stubMapping"] as? [String: Any])?["id"] as? String } == [
                    "picture", "far",
                ])
            let distances = listed.compactMap {
                ($0["matchResult"] as? [String: Any])?["distance"] as? Double
            }
            // The URL fits (0); the one parameter group differs (weight 1 of 19).
            #expect(abs((distances.first ?? 0) - 1.0 / 19) < 1e-9, "\(distances)")
            #expect(distances == distances.sorted())
        }
    }

    @Test(
        "a malformed template or pathParameters is refused at load with file and JSON path",
        arguments: [
            ("/a/{id", "$.request.urlPathTemplate: urlPathTemplate has a { that is never closed: /a/{id"),
            ("/a/id}", "$.request.urlPathTemplate: urlPathTemplate has a } with no {: /a/id}"),
            (
                "/a/{}",
                "$.request.urlPathTemplate: urlPathTemplate has an empty or nested parameter name: /a/{}"
            ),
            (
                "/a/{{id}}",
                "$.request.urlPathTemplate: urlPathTemplate has an empty or nested parameter name: /a/{{id}}"
            ),
            (
                "/a/{id}/{id}",
                "$.request.urlPathTemplate: urlPathTemplate names the parameter id twice: /a/{id}/{id}"
            ),
            (
                "/a/{x}{y}",
                "$.request.urlPathTemplate: urlPathTemplate needs text between two parameters: /a/{x}{y}"
            ),
        ])
    func malformedTemplate(template: String, message: String) async throws {
        let stub = #"{"request": {"urlPathTemplate": "\#(template)"}, "response": {}}"#
        let error = try #require(try await startError(["bad.json": stub]))
        #expect(error.description == "mappings/bad.json: \(message)")
        #expect(error.isConfiguration)
    }

    @Test("pathParameters naming an unknown parameter, or without a template, is refused at load")
    func malformedParameters() async throws {
        let unknown = #"""
            {"request": {"urlPathTemplate": "/a/{id}", "pathParameters": {"name": {"equalTo": "x"}}}, "response": {}}
            """#
        let error = try #require(try await startError(["bad.json": unknown]))
        #expect(
            error.description
                == "mappings/bad.json: $.request.pathParameters.name: pathParameters names name, which urlPathTemplate /a/{id} does not have"
        )
        let alone =
            #"{"request": {"urlPath": "/a", "pathParameters": {"id": {"equalTo": "x"}}}, "response": {}}"#
        let other = try #require(try await startError(["bad.json": alone]))
        #expect(
            other.description
                == "mappings/bad.json: $.request.pathParameters: pathParameters needs urlPathTemplate")
        let badPattern = #"""
            {"request": {"urlPathTemplate": "/a/{id}", "pathParameters": {"id": {"equals": "x"}}}, "response": {}}
            """#
        let third = try #require(try await startError(["bad.json": badPattern]))
        #expect(
            third.description
                == "mappings/bad.json: $.request.pathParameters.id.equals: unknown or unsupported key equals")
    }

    @Test("the stub index files a template under its literal leading segments, and others still match")
    func indexed() async throws {
        let root = #"{"request": {"urlPathTemplate": "/{any}"}, "response": {"body": "root"}}"#
        try await withStubs(["p.json": Self.picture, "r.json": root], heroes: false) {
            _, client async throws in
            #expect(try client.get("/v1/heroes/0007/picture").text == "picture of 0007 (0007)")
            #expect(try client.get("/anything").text == "root")
        }
    }
}
