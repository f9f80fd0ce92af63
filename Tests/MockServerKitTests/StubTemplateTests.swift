import Foundation
import MockServerKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("WireMock response templating over TCP")
struct StubTemplateTests {
    static func templated(_ path: String, body: String, headers: String = "{}") -> String {
        #"""
        {"request": {"urlPathPattern": "\#(path)"},
         "response": {"body": "\#(body)", "headers": \#(headers), "transformers": ["response-template"]}}
        """#
    }

    @Test("the request helpers: url, method, path segments, query, headers and jsonPath of the body")
    func helpers() async throws {
        let body =
            "{{request.method}} {{request.url}} | {{request.path.[1]}} {{request.path.2}} {{request.path}} | "
            + "{{request.query.q}} | {{request.headers.X-Id}} {{request.headers.[Accept]}} | "
            + "{{jsonPath request.body '$.user.name'}} {{jsonPath request.body '$.items[?(@.id == 2)].name'}} | "
            + "{{request.query.missing}}. {{request.pathSegments.[0]}} {{request.query.tag.1}} {{request.headers.X-Id.1}}"
        try await withStubs(
            [
                "t.json": Self.templated(
                    "/users/.*", body: body, headers: #"{"X-Echo": "id-{{request.headers.X-Id}}"}"#)
            ],
            heroes: false
        ) { _, client async throws in
            let json =
                #"{"user": {"name": "ed"}, "items": [{"id": 1, "name": "one"}, {"id": 2, "name": "two"}]}"#
            let response = try client.request(
                "POST", "/users/42/posts?q=big%20hero&tag=a&tag=b",
                headers: [("X-Id", "7"), ("Accept", "text/plain"), ("X-Id", "8")],
                body: Array(json.utf8))
            // `=` is escaped too, as Handlebars (and so WireMock) does in {{…}}.
            #expect(
                response.text
                    == "POST /users/42/posts?q&#x3D;big%20hero&amp;tag&#x3D;a&amp;tag&#x3D;b | 42 posts /users/42/posts | big hero | "
                    + "7 text/plain | ed two | . users b 8"
            )
            #expect(response.header("X-Echo") == "id-7")
        }
    }

    @Test("{{x}} escapes HTML as Handlebars does; {{{x}}} does not")
    func escaping() async throws {
        try await withStubs(
            ["e.json": Self.templated("/e", body: "{{request.query.s}} {{{request.query.s}}}")], heroes: false
        ) { _, client async throws in
            let response = try client.get("/e?s=%3Ca%20href%3D%22x%22%3E%26%27%60")
            #expect(response.text == "&lt;a href&#x3D;&quot;x&quot;&gt;&amp;&#x27;&#x60; <a href=\"x\">&'`")
        }
    }

    @Test("without the transformer, braces are plain text")
    func notTemplated() async throws {
        let stub = #"{"request": {"urlPath": "/plain"}, "response": {"body": "{{request.url}}"}}"#
        try await withStubs(["p.json": stub], heroes: false) { _, client async throws in
            #expect(try client.get("/plain").text == "{{request.url}}")
        }
    }

    @Test(
        "an unsupported helper is a warning at load naming file and helper, and the stub answers 500 naming it"
    )
    func unsupportedHelper() async throws {
        let root = try stubRoot([
            "now.json": Self.templated("/now", body: "it is {{now format='yyyy'}} for {{request.url}}"),
            "ok.json": Self.templated("/ok", body: "{{request.method}}"),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        try await offCooperativePool {
            let process = Process()
            process.executableURL = Bundle.module.bundleURL.deletingLastPathComponent()
                .appendingPathComponent(
                    "mock-server")
            process.arguments = ["--port", "0", "--root-dir", root.path, "--no-heroes"]
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            defer { if process.isRunning { process.terminate() } }
            var line: [UInt8] = []
            var byte: UInt8 = 0
            while read(output.fileHandleForReading.fileDescriptor, &byte, 1) == 1, byte != 10 {
                line.append(byte)
            }
            let port = try #require(
                Int(String(decoding: line, as: UTF8.self).split(separator: ":").last ?? ""))
            let client = TestClient(port: port)
            let failed = try client.get("/now")
            #expect(failed.status == 500)
            #expect(failed.text.contains("mappings/now.json"))
            #expect(failed.text.contains("now"))
            #expect(try client.get("/ok").text == "GET")
            process.terminate()
            process.waitUntilExit()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(
                text.contains(
                    "mock-server: warning: mappings/now.json: unsupported template helper now; this stub answers 500\n"
                ))
            #expect(!text.contains("ok.json"))
        }
    }

    @Test("a {{ that is never closed refuses the mapping at load")
    func unclosed() async throws {
        let error = try #require(
            try await startError(["u.json": Self.templated("/u", body: "{{request.url")]))
        #expect(error.description == "mappings/u.json: $.response: a template's {{ is never closed")
    }
}
