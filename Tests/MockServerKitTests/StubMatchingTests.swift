import Foundation
import MockServerKit
import Testing

@Suite("WireMock request matching over TCP")
struct StubMatchingTests {
    /// A mapping whose response body is `answer`, matching `request` (a JSON object's members).
    static func stub(_ request: String, answer: String, extra: String = "") -> String {
        #"{"request": {\#(request)}, "response": {"status": 200, "body": "\#(answer)"}\#(extra)}"#
    }

    @Test("method: a named method matches itself only; ANY and a missing method match every method")
    func method() async throws {
        try await withStubs(
            [
                "get.json": Self.stub(#""method": "GET", "urlPath": "/m""#, answer: "get"),
                "any.json": Self.stub(#""method": "ANY", "urlPath": "/any""#, answer: "any"),
                "none.json": Self.stub(#""urlPath": "/none""#, answer: "none"),
            ], heroes: false
        ) { _, client async throws in
            #expect(try client.get("/m").text == "get")
            #expect(try client.request("DELETE", "/m").status == 404)
            for method in ["GET", "POST", "PATCH"] {
                #expect(try client.request(method, "/any", body: []).text == "any")
                #expect(try client.request(method, "/none", body: []).text == "none")
            }
        }
    }

    @Test("url and urlPattern see the path and query; urlPath and urlPathPattern the path alone")
    func urls() async throws {
        try await withStubs(
            [
                "url.json": Self.stub(#""url": "/u?x=1""#, answer: "url"),
                "urlPattern.json": Self.stub(#""urlPattern": "/up/[0-9]+\\?q=.*""#, answer: "urlPattern"),
                "urlPath.json": Self.stub(#""urlPath": "/p""#, answer: "urlPath"),
                "urlPathPattern.json": Self.stub(
                    #""urlPathPattern": "/pp/[a-z]+/items""#, answer: "urlPathPattern"),
            ], heroes: false
        ) { _, client async throws in
            #expect(try client.get("/u?x=1").text == "url")
            #expect(try client.get("/u?x=2").status == 404)
            #expect(try client.get("/u").status == 404)
            #expect(try client.get("/up/42?q=a").text == "urlPattern")
            #expect(try client.get("/up/42").status == 404)
            #expect(try client.get("/up/4x?q=a").status == 404)
            #expect(try client.get("/p?anything=at-all").text == "urlPath")
            #expect(try client.get("/p/more").status == 404)
            #expect(try client.get("/pp/abc/items?z=9").text == "urlPathPattern")
            // A pattern matches the whole path, as Java's matches() does, not a part of it.
            #expect(try client.get("/pp/abc/items/more").status == 404)
            #expect(try client.get("/x/pp/abc/items").status == 404)
        }
    }

    @Test("headers: equalTo, caseInsensitive, contains, matches, doesNotMatch and absent")
    func headers() async throws {
        let headers = #"""
            "urlPath": "/h", "headers": {
              "Accept": {"equalTo": "text/plain"},
              "X-Mode": {"equalTo": "FAST", "caseInsensitive": true},
              "User-Agent": {"contains": "curl"},
              "X-Id": {"matches": "[0-9]{3}"},
              "X-Env": {"doesNotMatch": "prod.*"},
              "X-Debug": {"absent": true}
            }
            """#
        try await withStubs(["h.json": Self.stub(headers, answer: "headers")], heroes: false) {
            _, client async throws in
            let good = [
                ("accept", "text/plain"), ("X-Mode", "fast"), ("User-Agent", "curl/8.5"), ("X-Id", "123"),
                ("X-Env", "staging"),
            ]
            #expect(try client.get("/h", headers: good).text == "headers")
            let changes: [(String, String?)] = [
                ("accept", "text/html"), ("X-Mode", "slow"), ("User-Agent", "wget"), ("X-Id", "1234"),
                ("X-Env", "production"), ("X-Debug", "1"), ("accept", nil), ("X-Env", nil),
            ]
            for (name, value) in changes {
                var sent = good.filter { $0.0 != name }
                if let value { sent.append((name, value)) }
                #expect(try client.get("/h", headers: sent).status == 404, "\(name): \(value ?? "missing")")
            }
        }
    }

    @Test("query parameters are matched decoded, any of a repeated parameter's values may match")
    func query() async throws {
        let query = #"""
            "urlPath": "/q", "queryParameters": {
              "search": {"equalTo": "big hero"},
              "sort": {"matches": "name|date"},
              "page": {"absent": true},
              "tag": {"contains": "b"}
            }
            """#
        try await withStubs(["q.json": Self.stub(query, answer: "query")], heroes: false) {
            _, client async throws in
            #expect(try client.get("/q?search=big+hero&sort=date&tag=a&tag=abc").text == "query")
            #expect(try client.get("/q?search=big%20hero&sort=name&tag=b").text == "query")
            #expect(try client.get("/q?search=big&sort=name&tag=b").status == 404)
            #expect(try client.get("/q?search=big+hero&sort=size&tag=b").status == 404)
            #expect(try client.get("/q?search=big+hero&sort=name&tag=b&page=2").status == 404)
            #expect(try client.get("/q?search=big+hero&sort=name").status == 404)
        }
    }

    @Test("and, or and doesNotContain combine value patterns, absent included")
    func combined() async throws {
        let combined =
            #""urlPath": "/and-or", "headers": {"X-Some-Value": {"and": [{"matches": "[a-z]+"}, {"contains": "magicvalue"}]}}, "queryParameters": {"search": {"or": [{"matches": "[a-z]+"}, {"absent": true}]}, "tag": {"doesNotContain": "x"}}"#
        try await withStubs(["c.json": Self.stub(combined, answer: "combined")], heroes: false) {
            _, client async throws in
            let good = [("X-Some-Value", "themagicvalue")]
            #expect(try client.get("/and-or?tag=abc", headers: good).text == "combined", "search absent")
            // A missing value matches absent alone, doesNotContain included.
            #expect(try client.get("/and-or", headers: good).status == 404, "tag absent")
            #expect(try client.get("/and-or?search=abc&tag=abc", headers: good).text == "combined")
            #expect(try client.get("/and-or?search=ABC&tag=abc", headers: good).status == 404)
            #expect(try client.get("/and-or?tag=box", headers: good).status == 404)
            #expect(try client.get("/and-or?tag=abc", headers: [("X-Some-Value", "magic")]).status == 404)
            #expect(
                try client.get("/and-or?tag=abc", headers: [("X-Some-Value", "the-magicvalue")]).status == 404
            )
        }
    }

    @Test("hasExactly and includes match the values of a repeated query parameter as a whole")
    func multiValue() async throws {
        let exactly =
            #""urlPath": "/exactly", "queryParameters": {"id": {"hasExactly": [{"equalTo": "1"}, {"contains": "2"}, {"doesNotContain": "3"}]}}"#
        let including =
            #""urlPath": "/including", "queryParameters": {"id": {"includes": [{"equalTo": "1"}, {"equalTo": "2"}]}}"#
        try await withStubs(
            [
                "e.json": Self.stub(exactly, answer: "exactly"),
                "i.json": Self.stub(including, answer: "including"),
            ],
            heroes: false
        ) { _, client async throws in
            #expect(try client.get("/exactly?id=1&id=22&id=4").text == "exactly")
            #expect(try client.get("/exactly?id=4&id=1&id=2").text == "exactly")
            #expect(try client.get("/exactly?id=1&id=2").status == 404)
            #expect(try client.get("/exactly?id=1&id=2&id=4&id=5").status == 404)
            #expect(try client.get("/exactly?id=1&id=2&id=3").status == 404)
            #expect(try client.get("/including?id=2&id=9&id=1").text == "including")
            #expect(try client.get("/including?id=1&id=1").status == 404)
            #expect(try client.get("/including").status == 404)
        }
    }

    @Test("cookies are matched by name among every Cookie header's pairs")
    func cookies() async throws {
        let cookies =
            #""urlPath": "/c", "cookies": {"session": {"matches": "[0-9a-f]{4}"}, "debug": {"absent": true}}"#
        try await withStubs(["c.json": Self.stub(cookies, answer: "cookies")], heroes: false) {
            _, client async throws in
            #expect(try client.get("/c", headers: [("Cookie", "theme=dark; session=beef")]).text == "cookies")
            #expect(
                try client.get("/c", headers: [("Cookie", "theme=dark"), ("Cookie", "session=0a1b")]).text
                    == "cookies")
            #expect(try client.get("/c", headers: [("Cookie", "session=beefy")]).status == 404)
            #expect(try client.get("/c", headers: [("Cookie", "session=beef; debug=1")]).status == 404)
            #expect(try client.get("/c").status == 404)
        }
    }

    @Test("basicAuth and basicAuthCredentials need that user's Basic credentials")
    func basicAuth() async throws {
        try await withStubs(
            [
                "a.json": Self.stub(
                    #""urlPath": "/a", "basicAuth": {"username": "jeff", "password": "jeffteenjefftyjeff"}"#,
                    answer: "a"),
                "b.json": Self.stub(
                    #""urlPath": "/b", "basicAuthCredentials": {"username": "tom", "password": "secret"}"#,
                    answer: "b"),
            ], heroes: false
        ) { _, client async throws in
            let jeff = TestUsers.basic("jeff", "jeffteenjefftyjeff")
            #expect(try client.get("/a", headers: [("Authorization", jeff)]).text == "a")
            #expect(
                try client.get("/a", headers: [("Authorization", TestUsers.basic("jeff", "x"))]).status == 404
            )
            #expect(try client.get("/a").status == 404)
            #expect(
                try client.get("/b", headers: [("Authorization", TestUsers.basic("tom", "secret"))]).text
                    == "b")
        }
    }

    @Test("basicAuthCredentials matches the Basic scheme spelt in any case (RFC 9110 §11.1)")
    func basicAuthSchemeCase() async throws {
        try await withStubs(
            [
                "b.json": Self.stub(
                    #""urlPath": "/b", "basicAuthCredentials": {"username": "tom", "password": "secret"}"#,
                    answer: "b")
            ], heroes: false
        ) { _, client async throws in
            let credentials = Data("tom:secret".utf8).base64EncodedString()
            for scheme in ["BASIC", "basic", "bAsIc"] {
                let answer = try client.get("/b", headers: [("Authorization", "\(scheme) \(credentials)")])
                #expect(answer.text == "b", "scheme \(scheme)")
            }
            #expect(try client.get("/b", headers: [("Authorization", "Bearer \(credentials)")]).status == 404)
        }
    }

    @Test("bodyPatterns: equalTo, contains, matches and doesNotMatch on the text, all of them at once")
    func textBodies() async throws {
        let patterns = #"""
            "method": "POST", "urlPath": "/t", "bodyPatterns": [
              {"contains": "milk"}, {"matches": "(?s).*[0-9]+ litres.*"}, {"doesNotMatch": ".*soy.*"}
            ]
            """#
        let exact =
            #""method": "POST", "urlPath": "/e", "bodyPatterns": [{"equalTo": "HELLO", "caseInsensitive": true}]"#
        try await withStubs(
            ["t.json": Self.stub(patterns, answer: "text"), "e.json": Self.stub(exact, answer: "exact")],
            heroes: false
        ) { _, client async throws in
            #expect(
                try client.request("POST", "/t", body: Array("buy milk, 2 litres\nnow".utf8)).text == "text")
            #expect(try client.request("POST", "/t", body: Array("buy milk".utf8)).status == 404)
            #expect(try client.request("POST", "/t", body: Array("soy milk, 2 litres".utf8)).status == 404)
            #expect(try client.request("POST", "/e", body: Array("hello".utf8)).text == "exact")
            #expect(try client.request("POST", "/e", body: Array("hello!".utf8)).status == 404)
        }
    }

    @Test("equalToJson compares values, with ignoreArrayOrder and ignoreExtraElements")
    func equalToJSON() async throws {
        let strict = #""urlPath": "/strict", "bodyPatterns": [{"equalToJson": "{\"a\": 1, \"b\": [1, 2]}"}]"#
        let loose = #"""
            "urlPath": "/loose", "bodyPatterns": [{"equalToJson": {"a": 1, "b": [{"n": 1}, {"n": 2}]},
              "ignoreArrayOrder": true, "ignoreExtraElements": true}]
            """#
        try await withStubs(
            ["s.json": Self.stub(strict, answer: "strict"), "l.json": Self.stub(loose, answer: "loose")],
            heroes: false
        ) { _, client async throws in
            func post(_ path: String, _ json: String) throws -> WireResponse {
                try client.request("POST", path, body: Array(json.utf8))
            }
            #expect(try post("/strict", #"{ "b": [1, 2.0], "a": 1 }"#).text == "strict")
            #expect(try post("/strict", #"{"a": 1, "b": [2, 1]}"#).status == 404)
            #expect(try post("/strict", #"{"a": 1, "b": [1, 2], "c": 3}"#).status == 404)
            #expect(try post("/strict", "not json").status == 404)
            #expect(
                try post("/loose", #"{"a": 1, "b": [{"n": 2, "x": 0}, {"n": 3}, {"n": 1}], "c": 3}"#).text
                    == "loose")
            #expect(try post("/loose", #"{"a": 1, "b": [{"n": 2}, {"n": 3}]}"#).status == 404)
            #expect(try post("/loose", #"{"a": 2, "b": [{"n": 1}, {"n": 2}]}"#).status == 404)
        }
    }

    @Test(
        "matchesJsonPath: the subset WireMock's documentation uses",
        arguments: [
            (#""$.name""#, #"{"name": "x"}"#, #"{"other": "x"}"#),
            (#""$.things[0].id""#, #"{"things": [{"id": 1}]}"#, #"{"things": []}"#),
            (#""$.things[*]""#, #"{"things": [1]}"#, #"{"things": []}"#),
            (
                #""$.things[?(@.name == 'RequiredThing')]""#,
                #"{"things": [{"name": "Other"}, {"name": "RequiredThing"}]}"#,
                #"{"things": [{"name": "Other"}]}"#
            ),
            (#""$[?(@.total > 5)]""#, #"{"total": 6}"#, #"{"total": 5}"#),
            (#""$..id""#, #"{"a": {"b": {"id": 3}}}"#, #"{"a": {"b": {}}}"#),
            (
                #"{"expression": "$.user.name", "equalTo": "ed"}"#, #"{"user": {"name": "ed"}}"#,
                #"{"user": {"name": "vi"}}"#
            ),
            (
                #"{"expression": "$.tags[*]", "contains": "hot"}"#, #"{"tags": ["cold", "hottest"]}"#,
                #"{"tags": ["cold"]}"#
            ),
        ])
    func matchesJSONPath(expression: String, matching: String, notMatching: String) async throws {
        let stub = Self.stub(
            #""urlPath": "/j", "bodyPatterns": [{"matchesJsonPath": \#(expression)}]"#, answer: "json")
        try await withStubs(["j.json": stub], heroes: false) { _, client async throws in
            #expect(try client.request("POST", "/j", body: Array(matching.utf8)).text == "json")
            #expect(try client.request("POST", "/j", body: Array(notMatching.utf8)).status == 404)
        }
    }

    @Test("priority: the lowest number wins; among equal priorities the stub added last wins")
    func priority() async throws {
        try await withStubs(
            [
                "1.json": Self.stub(
                    #""urlPathPattern": "/p/.*""#, answer: "broad", extra: #", "priority": 10"#),
                "2.json": Self.stub(
                    #""urlPath": "/p/special""#, answer: "special", extra: #", "priority": 1"#),
                "3.json": Self.stub(#""urlPath": "/same""#, answer: "first"),
                "4.json": Self.stub(#""urlPath": "/same""#, answer: "second"),
                "5.json": Self.stub(
                    #""urlPathPattern": "/p/special""#, answer: "later but lower", extra: #", "priority": 2"#),
            ], heroes: false
        ) { _, client async throws in
            #expect(try client.get("/p/special").text == "special")
            #expect(try client.get("/p/other").text == "broad")
            #expect(try client.get("/same").text == "second")
        }
    }

    @Test("the index finds every stub whatever its URL matcher: patterns without a literal prefix too")
    func index() async throws {
        var mappings: [String: String] = [:]
        for number in 0..<200 {
            mappings["r\(number).json"] = Self.stub(
                #""urlPathPattern": "/api/r\#(number)/[0-9]+""#, answer: "r\(number)")
        }
        mappings["wild.json"] = Self.stub(#""urlPathPattern": ".*/wild""#, answer: "wild")
        mappings["alt.json"] = Self.stub(#""urlPathPattern": "/api/(one|two)/x""#, answer: "alt")
        mappings["opt.json"] = Self.stub(#""urlPathPattern": "/apis?/opt""#, answer: "opt")
        mappings["escaped.json"] = Self.stub(
            #""urlPathPattern": "\\/api\\/esc\\.v1\\/[a-z]+""#, answer: "esc")
        mappings["case.json"] = Self.stub(#""urlPathPattern": "(?i)/API/CASE""#, answer: "case")
        mappings["partial.json"] = Self.stub(#""urlPathPattern": "/api/part[0-9]/z""#, answer: "partial")
        try await withStubs(mappings, heroes: false) { _, client async throws in
            #expect(try client.get("/api/r7/12").text == "r7")
            #expect(try client.get("/api/r199/1").text == "r199")
            #expect(try client.get("/api/r7/x").status == 404)
            #expect(try client.get("/deep/down/wild").text == "wild")
            #expect(try client.get("/api/two/x").text == "alt")
            #expect(try client.get("/api/opt").text == "opt")
            #expect(try client.get("/apis/opt").text == "opt")
            #expect(try client.get("/api/esc.v1/abc").text == "esc")
            #expect(try client.get("/api/case").text == "case")
            #expect(try client.get("/api/part3/z").text == "partial")
        }
    }
}
