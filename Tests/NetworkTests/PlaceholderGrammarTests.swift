import Foundation
import Network
import Testing

@Suite("Placeholder grammar")
struct PlaceholderGrammarTests {
    private let search = Endpoint<Data>("search", arguments: 1)

    private func url(_ path: String, arguments: [any Encodable & Sendable]) throws -> String {
        let endpoint = Endpoint<Data>("e", arguments: arguments.count)
        let (service, _) = try Fixture.service(["e": ["request": ["path": .string(path)]]], [endpoint])
        return try #require(service.request(endpoint, arguments: arguments).url?.absoluteString)
    }

    private func header(_ template: String, _ value: String) throws -> String? {
        let endpoint = Endpoint<Data>("e", arguments: 1)
        let plist: PlistNode = ["e": ["request": ["path": "/a", "headers": ["X-Value": .string(template)]]]]
        let (service, _) = try Fixture.service(plist, [endpoint])
        return try service.request(endpoint, value).value(forHTTPHeaderField: "X-Value")
    }

    @Test("a literal %20 in a template stays %20 and is not read as argument 2 or 20")
    func literalPercentEscapeStays() throws {
        let built = try url("/files/my%20file/%0?label=a%2Fb", arguments: ["x"])
        #expect(built == "https://api.example.com/v2/files/my%20file/x?label=a%2Fb")
    }

    @Test(
        "a value in a query item is encoded so it can neither split the query nor be read as syntax",
        arguments: [
            ("a b", "a%20b"),
            ("%1", "%251"),
            ("%20", "%2520"),
            ("a&b=c", "a%26b%3Dc"),
            ("a/b", "a%2Fb"),
            ("what?", "what%3F"),
            ("#tag", "%23tag"),
            ("1+1", "1%2B1"),
            ("🦸‍♀️", "%F0%9F%A6%B8%E2%80%8D%E2%99%80%EF%B8%8F"),
            ("line\r\nX-Evil: 1", "line%0D%0AX-Evil%3A%201"),
        ]
    )
    func queryValueEncoding(value: String, encoded: String) throws {
        #expect(
            try url("/search?q=%0&page=2", arguments: [value])
                == "https://api.example.com/v2/search?q=\(encoded)&page=2")
    }

    @Test(
        "a value in a path segment stays inside that segment",
        arguments: [
            ("a b", "a%20b"),
            ("%1", "%251"),
            ("a/b", "a%2Fb"),
            ("what?", "what%3F"),
            ("#tag", "%23tag"),
            ("a&b=c", "a&b=c"),
            ("..", ".."),
            ("🦸", "%F0%9F%A6%B8"),
            ("line\r\n", "line%0D%0A"),
        ]
    )
    func pathSegmentEncoding(value: String, encoded: String) throws {
        #expect(
            try url("/items/%0/detail", arguments: [value])
                == "https://api.example.com/v2/items/\(encoded)/detail")
    }

    @Test(
        "a value in a header keeps the template's literal text and is never rescanned",
        arguments: [
            ("%1", "Token %1"),
            ("%%", "Token %%"),
            ("a&b /?#", "Token a&b /?#"),
            ("🦸", "Token 🦸"),
        ]
    )
    func headerValues(value: String, expected: String) throws {
        #expect(try header("Token %0", value) == expected)
    }

    @Test(
        "a CR or LF in a header value is an encoding error naming the endpoint and header",
        arguments: ["a\r\nX-Evil: 1", "a\nb", "a\rb"])
    func headerInjectionIsRefused(value: String) throws {
        #expect(
            throws: NetworkError.encoding("e: header X-Value contains a CR or LF, which would end the header")
        ) {
            try header("Token %0", value)
        }
    }

    @Test("%% is one literal percent in a header and before an escape in a URL")
    func doublePercentIsLiteral() throws {
        #expect(try header("100%% of %0", "it") == "100% of it")
        #expect(try url("/p/%%41/%0", arguments: ["x"]) == "https://api.example.com/v2/p/%41/x")
    }

    @Test("a placeholder's index is every digit after the %, so %11 is argument 11")
    func multiDigitIndices() throws {
        let path = "/p/" + (0..<12).map { "%\($0)" }.joined(separator: "/")
        let letters: [any Encodable & Sendable] = "abcdefghijkl".map { String($0) }
        #expect(try url(path, arguments: letters) == "https://api.example.com/v2/p/a/b/c/d/e/f/g/h/i/j/k/l")
    }

    @Test("%N[key] takes a key of the argument's encoded form, dotted for nesting and indexing")
    func keyPaths() throws {
        let person = Person(name: "Ada L", team: .init(id: "dawn guard", name: "Dawn"), powers: ["x", "y/z"])
        let built = try url(
            "/teams/%0[team.id]?who=%0[name]&second=%0[powers.1]&age=%0[age]", arguments: [person])
        #expect(built == "https://api.example.com/v2/teams/dawn%20guard?who=Ada%20L&second=y%2Fz&age=40")
    }

    @Test(
        "a key path that misses or lands on an object is an encoding error",
        arguments: [
            ("/a/%0[nope]", "e: argument 0 [nope] has no such key"),
            ("/a/%0[team]", "e: argument 0 [team] is not a single value"),
            ("/a/%0[name.first]", "e: argument 0 [name.first] has no such key"),
        ]
    )
    func badKeyPaths(path: String, message: String) throws {
        let person = Person(name: "Ada", team: .init(id: "t", name: "T"))
        #expect(throws: NetworkError.encoding(message)) { try url(path, arguments: [person]) }
    }

    @Test("a nil argument drops a query item that is only that placeholder, and fails in a path")
    func nilArguments() throws {
        let none: String? = nil
        #expect(
            try url("/search?q=%0&page=1", arguments: [none]) == "https://api.example.com/v2/search?page=1")
        #expect(
            try url("/search?q=%0&page=1", arguments: [String?.some("x")])
                == "https://api.example.com/v2/search?q=x&page=1")
        #expect(throws: NetworkError.encoding("e: argument 0 is nil where a value is needed")) {
            try url("/items/%0", arguments: [none])
        }
    }

    @Test("a call with a missing argument fails before anything is sent")
    func missingArgument() async throws {
        let (service, transport) = try Fixture.service(["search": ["request": ["path": "/s?q=%0"]]], [search])
        await #expect(throws: NetworkError.encoding("search takes 1 argument, but the call passed 0")) {
            try await service.call(search)
        }
        #expect(transport.calls.isEmpty)
    }

    @Test(
        "a placeholder index beyond the endpoint's arguments fails at load",
        arguments: ["/s?q=%1", "/s/%0/%7"])
    func badIndex(path: String) throws {
        let error = Fixture.loadError(["search": ["request": ["path": .string(path)]]], [search])
        let index = path.hasSuffix("%1") ? "1" : "7"
        #expect(
            error?.description
                == "Test.plist: endpoint 'search', key 'request.path': '%\(index)' names argument \(index), "
                + "but the endpoint takes 1 argument"
        )
    }

    @Test("Data cannot stand in for a placeholder")
    func dataArgumentInPath() throws {
        #expect(throws: NetworkError.encoding("e: argument 0 is Data, which can only be a body")) {
            try url("/a/%0", arguments: [Data([1, 2])])
        }
    }
}
