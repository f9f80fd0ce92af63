import Foundation
import MockServerKit
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("WireMock root directory: loading stub mappings")
struct StubLoadingTests {
    static let hello = #"""
        {"request": {"method": "GET", "url": "/hello"},
         "response": {"status": 200, "body": "hello from a stub"}}
        """#

    @Test(
        "one mapping a file and {\"mappings\": [...]} both load; stubs answer first, the rest reaches the heroes"
    )
    func loadsBothShapes() async throws {
        let many = #"""
            {"mappings": [
              {"request": {"method": "GET", "urlPath": "/a"}, "response": {"body": "a"}},
              {"request": {"method": "GET", "urlPath": "/v1/heroes/0001"}, "response": {"status": 418, "body": "stubbed hero"}}
            ]}
            """#
        try await withStubs(["hello.json": Self.hello, "sub/many.json": many]) { _, client async throws in
            let hello = try client.get("/hello")
            #expect(hello.status == 200)
            #expect(hello.text == "hello from a stub")
            #expect(try client.get("/a").text == "a")
            // A stub wins over the hero route on the same path.
            #expect(try client.get("/v1/heroes/0001").status == 418)
            // What no stub matches falls through to the hero routes.
            let hero = try client.get("/v1/heroes/0002")
            #expect(hero.status == 200)
            #expect(hero.json["id"] as? String == "0002")
        }
    }

    @Test("with --no-heroes a request no stub matches gets 404 in plain text, the hero routes too")
    func noHeroes() async throws {
        try await withStubs(["hello.json": Self.hello], heroes: false) { _, client async throws in
            #expect(try client.get("/hello").status == 200)
            let miss = try client.get("/v1/heroes/0001")
            #expect(miss.status == 404)
            #expect(miss.header("content-type")?.hasPrefix("text/plain") == true)
            #expect(miss.text.hasPrefix("No stub matches GET /v1/heroes/0001."))
        }
    }

    @Test(
        "a malformed mapping file stops the start with its file, its JSON path and the reason",
        arguments: [
            ("{not json", "mappings/bad.json: $: not valid JSON"),
            (
                #"{"request": {"method": "GET", "ulr": "/x"}, "response": {}}"#,
                "mappings/bad.json: $.request.ulr: unknown or unsupported key ulr"
            ),
            (
                #"{"request": {"urlPathPattern": "/x/(["}, "response": {}}"#,
                "mappings/bad.json: $.request.urlPathPattern: not a valid regular expression: /x/(["
            ),
            (
                #"{"request": {"url": "/x"}, "response": {"status": 1000}}"#,
                "mappings/bad.json: $.response.status: expected a whole number from 200 to 599"
            ),
            (
                #"{"mappings": [{"request": {}, "response": {}}, {"request": {"headers": {"Accept": {"equalTo": 3}}}, "response": {}}]}"#,
                "mappings/bad.json: $.mappings[1].request.headers.Accept.equalTo: expected a string, found a number"
            ),
            (
                #"{"request": {"url": "/x"}, "response": {"bodyFileName": "missing.txt"}}"#,
                "mappings/bad.json: $.response.bodyFileName: no readable file __files/missing.txt"
            ),
            (
                #"{"request": {"url": "/x"}, "response": {"bodyFileName": "../secret"}}"#,
                "mappings/bad.json: $.response.bodyFileName: bodyFileName must name a file inside __files, not ../secret"
            ),
            (
                #"{"request": {"url": "/x"}, "response": {"fault": "SOMETHING_ELSE"}}"#,
                "mappings/bad.json: $.response.fault: unknown fault SOMETHING_ELSE; known: CONNECTION_RESET_BY_PEER, EMPTY_RESPONSE, MALFORMED_RESPONSE_CHUNK, RANDOM_DATA_THEN_CLOSE"
            ),
            (#"{"response": {}}"#, "mappings/bad.json: $: request is missing"),
            (
                #"{"request": {"bodyPatterns": [{"absent": true}]}, "response": {}}"#,
                "mappings/bad.json: $.request.bodyPatterns[0]: absent is not supported in bodyPatterns"
            ),
            (
                #"{"request": {"multipartPatterns": []}, "response": {}}"#,
                "mappings/bad.json: $.request.multipartPatterns: unknown or unsupported key multipartPatterns"
            ),
            (
                #"{"request": {"headers": {"X": {"hasExactly": [{"equalTo": "1"}], "includes": []}}}, "response": {}}"#,
                "mappings/bad.json: $.request.headers.X.includes: unknown or unsupported key includes"
            ),
        ])
    func malformed(text: String, message: String) async throws {
        let error = try #require(try await startError(["ok.json": Self.hello, "bad.json": text]))
        #expect(error.description == message)
        #expect(error.isConfiguration)
    }

    @Test(
        "a body file reached through a symbolic link, or not a regular file, is refused at load: no link is followed",
        arguments: ["x", "d/passwd", "d/outside.txt", "fifo"])
    func bodyFileLinks(name: String) async throws {
        let outside = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outside) }
        try Data("secret\n".utf8).write(to: outside.appendingPathComponent("outside.txt"))
        try Data("root:x:0:0\n".utf8).write(to: outside.appendingPathComponent("passwd"))
        let mapping = #"{"request": {"url": "/x"}, "response": {"bodyFileName": "\#(name)"}}"#
        let root = try stubRoot(["bad.json": mapping])
        defer { try? FileManager.default.removeItem(at: root) }
        let files = root.appendingPathComponent("__files")
        let manager = FileManager.default
        try manager.createSymbolicLink(
            atPath: files.appendingPathComponent("x").path,
            withDestinationPath: outside.appendingPathComponent("passwd").path)
        try manager.createSymbolicLink(
            atPath: files.appendingPathComponent("d").path, withDestinationPath: outside.path)
        #expect(mkfifo(files.appendingPathComponent("fifo").path, 0o600) == 0)
        let error = try #require(await startError(root: root), "the server started, serving __files/\(name)")
        #expect(error.isConfiguration, "\(error)")
        #expect(error.description.contains("__files/\(name)"), "\(error)")
    }

    @Test("a body file past 64 MiB (a sparse one: no disk used) is refused at load, never read")
    func bodyFileTooLarge() async throws {
        let mapping = #"{"request": {"url": "/x"}, "response": {"bodyFileName": "big.bin"}}"#
        let root = try stubRoot(["bad.json": mapping])
        defer { try? FileManager.default.removeItem(at: root) }
        let big = root.appendingPathComponent("__files/big.bin")
        #expect(FileManager.default.createFile(atPath: big.path, contents: nil))
        #expect(truncate(big.path, off_t(2) << 30) == 0)
        let error = try #require(await startError(root: root))
        #expect(error.description.contains("__files/big.bin is larger than 64 MiB"), "\(error)")
    }

    @Test("two stubs with one id are refused, naming both files")
    func duplicateID() async throws {
        let stub = #"{"id": "0f0e", "request": {"url": "/x"}, "response": {}}"#
        let error = try #require(try await startError(["a.json": stub, "b.json": stub]))
        #expect(
            error.description
                == "mappings/b.json: $.id: id 0f0e is already the id of a stub in mappings/a.json")
    }

    @Test("// and /* */ comments outside strings load, as in WireMock; markers inside strings stay")
    func comments() async throws {
        let commented = #"""
            // A greeting, for the demo.
            {
              "request": {"method": "GET", /* the path */ "url": "/hello//there"},
              /* a block
                 over lines */
              "response": {"status": 200, "body": "no /* comment */ here // either \" // nor here"} // trailing
            }
            """#
        try await withStubs(["commented.json": commented], heroes: false) { _, client async throws in
            let answer = try client.get("/hello//there")
            #expect(answer.status == 200)
            #expect(answer.text == #"no /* comment */ here // either " // nor here"#)
        }
        let error = try #require(try await startError(["open.json": #"{"request": {} /* never closed"#]))
        #expect(error.description == "mappings/open.json: $: not valid JSON")
    }

    @Test("a root directory that is a file is a configuration error (a missing one is made)")
    func rootIsAFile() async throws {
        let file = try temporaryDirectory().appendingPathComponent("not-a-folder")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try Data("x".utf8).write(to: file)
        let server = MockServer(configuration: .test { $0.rootDirectory = file })
        await #expect(throws: MockServerError.self) { try await server.start() }
    }

    @Test("--root-dir and --no-heroes set the configuration; --no-heroes takes no value")
    func commandLine() throws {
        let configuration = try MockServerCommandLine.parse(["--root-dir", "/tmp/stubs", "--no-heroes"])
        #expect(configuration.rootDirectory?.path == "/tmp/stubs")
        #expect(!configuration.servesHeroes)
        #expect(try MockServerCommandLine.parse([]).servesHeroes)
        #expect(throws: MockServerError("--no-heroes takes no value")) {
            try MockServerCommandLine.parse(["--no-heroes=yes"])
        }
        #expect(MockServerCommandLine.usage.contains("[--no-heroes]"))
        #expect(MockServerCommandLine.usage.contains("\n  --root-dir DIR "))
    }
}
