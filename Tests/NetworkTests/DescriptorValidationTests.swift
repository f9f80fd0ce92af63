import Foundation
import Network
import Testing

@Suite("Descriptor validation at load")
struct DescriptorValidationTests {
    /// One wrong descriptor for endpoint `e`, and the key and problem the error must name.
    struct Case: Sendable, CustomTestStringConvertible {
        let entry: PlistNode
        var arguments = 1
        var returnsPerson = false
        let key: String?
        let problem: String
        var testDescription: String { "\(key ?? "-"): \(problem)" }
    }

    static let cases: [Case] = [
        Case(
            entry: ["request": ["path": "/a/%0"], "serialisation": [:]],
            key: "serialisation", problem: "is not a known key (expected one of request, serialization)"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "methd": "GET"]],
            key: "request.methd",
            problem: "is not a known key (expected one of auth, body, headers, method, path, retry, timeout)"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "method": "FETCH"]],
            key: "request.method",
            problem: "'FETCH' is not an HTTP method (GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS)"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "method": "get"]],
            key: "request.method",
            problem: "'get' is not an HTTP method (GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS)"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "method": 1]], key: "request.method",
            problem: "must be a string"),
        Case(entry: ["serialization": [:]], key: "request", problem: "is missing"),
        Case(entry: ["request": "/a"], key: "request", problem: "must be a dictionary"),
        Case(entry: ["request": ["method": "GET"]], key: "request.path", problem: "is missing"),
        Case(
            entry: ["request": ["path": "a/%0"]], key: "request.path", problem: "the path must start with '/'"
        ),
        Case(
            entry: ["request": ["path": "%0/a"]], key: "request.path", problem: "the path must start with '/'"
        ),
        Case(
            entry: ["request": ["path": "/a b/%0"]], key: "request.path",
            problem: "a space is not allowed in a URL as written; percent-encode it"
        ),
        Case(
            entry: ["request": ["path": "/a/%0#top"]], key: "request.path",
            problem: "'#' is not allowed in a URL as written; percent-encode it"
        ),
        Case(
            entry: ["request": ["path": "/a/%0/%zz"]], key: "request.path",
            problem: "a '%' must start %N, %N[key] or %% (write %% for a literal percent)"
        ),
        Case(
            entry: ["request": ["path": "/a/%0?d=100%%"]], key: "request.path",
            problem: "a literal '%' in a URL must start a percent-escape such as %20"
        ),
        Case(
            entry: ["request": ["path": "/a/%0/%3"]], key: "request.path",
            problem: "'%3' names argument 3, but the endpoint takes 1 argument"
        ),
        Case(
            entry: ["request": ["path": "/a/%0[team"]], key: "request.path",
            problem: "'[' after a placeholder has no closing ']'"
        ),
        Case(
            entry: ["request": ["path": "/a/%0[team..id]"]], key: "request.path",
            problem: "the key path '[team..id]' has an empty key"
        ),
        Case(
            entry: ["request": ["path": "/a?=%0"]], key: "request.path", problem: "a query item has no name"
        ),
        Case(
            entry: ["request": ["path": "/a"]], arguments: 2, key: nil,
            problem: "argument 0 of 2 is never used (no %0 anywhere)"
        ),
        Case(
            entry: ["request": ["path": "/a", "body": "%0"]], key: "request.body",
            problem: "a GET request cannot have a body"
        ),
        Case(
            entry: ["request": ["path": "/a", "method": "HEAD", "body": "%0"]], key: "request.body",
            problem: "a HEAD request cannot have a body"
        ),
        Case(
            entry: ["request": ["path": "/a", "method": "POST", "body": "{\"name\": \"%0\"}"]],
            key: "request.body",
            problem: "must be one whole argument such as '%1' (Data, or an Encodable)"
        ),
        Case(
            entry: ["request": ["path": "/a", "method": "POST", "body": "%0[name]"]], key: "request.body",
            problem: "must be one whole argument such as '%1' (Data, or an Encodable)"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "headers": ["X Bad": "1"]]], key: "request.headers.X Bad",
            problem: "'X Bad' is not a valid header name"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "headers": ["X-Two": "1\r\nX-Evil: 2"]]],
            key: "request.headers.X-Two", problem: "contains a CR or LF, which would end the header"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "headers": ["X-Bell": "\u{7}"]]],
            key: "request.headers.X-Bell", problem: "contains the control character U+7"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "headers": ["Accept"]]], key: "request.headers",
            problem: "must be a dictionary"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "timeout": 0]], key: "request.timeout",
            problem: "must be a number of seconds greater than 0"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "timeout": "5"]], key: "request.timeout",
            problem: "must be a number of seconds greater than 0"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "timeout": true]], key: "request.timeout",
            problem: "must be a number of seconds greater than 0"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "retry": ["attempts": 0]]], key: "request.retry.attempts",
            problem: "must be an integer from 1 to 10"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "retry": ["attempts": 2.5]]], key: "request.retry.attempts",
            problem: "must be an integer from 1 to 10"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "retry": [:]]], key: "request.retry.attempts",
            problem: "is missing"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "retry": ["attempts": 2, "idempotentOnly": 1]]],
            key: "request.retry.idempotentOnly", problem: "must be a boolean"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "retry": ["attempts": 2, "backoff": 1]]],
            key: "request.retry.backoff",
            problem: "is not a known key (expected one of attempts, idempotentOnly)"
        ),
        Case(
            entry: ["request": ["path": "/a/%0", "auth": "root"]], key: "request.auth",
            problem: "no authentication provider is registered as 'root'"
        ),
        Case(
            entry: [
                "request": ["path": "/a/%0"],
                "serialization": ["serializer": "XML", "serializedObject": "Person"],
            ],
            returnsPerson: true, key: "serialization.serializer",
            problem: "no serializer is registered as 'XML'"
        ),
        Case(
            entry: [
                "request": ["path": "/a/%0"],
                "serialization": ["serializer": "JSONSerializer", "serializedObject": "Hero"],
            ],
            returnsPerson: true, key: "serialization.serializedObject",
            problem: "no model is registered as 'Hero'"
        ),
        Case(
            entry: [
                "request": ["path": "/a/%0"],
                "serialization": ["serializer": "JSONSerializer", "serializedObject": "People"],
            ],
            returnsPerson: true, key: "serialization.serializedObject",
            problem: "'People' is registered as Array<Person>, but the endpoint returns Person"
        ),
        Case(
            entry: ["request": ["path": "/a/%0"], "serialization": ["serializedObject": "Person"]],
            returnsPerson: true, key: "serialization.serializer", problem: "is missing"
        ),
        Case(
            entry: [
                "request": ["path": "/a/%0"],
                "serialization": ["serializer": "JSONSerializer", "model": "Person"],
            ],
            returnsPerson: true, key: "serialization.model",
            problem: "is not a known key (expected one of serializedObject, serializer)"
        ),
        Case(
            entry: ["request": ["path": "/a/%0"]], returnsPerson: true, key: "serialization",
            problem: "is missing, but the endpoint returns Person"
        ),
    ]

    @Test("a wrong descriptor fails at load with an error naming file, endpoint and key", arguments: cases)
    func wrongDescriptor(_ wrong: Case) {
        let endpoint: any EndpointDeclaration =
            wrong.returnsPerson
            ? Endpoint<Person>("e", arguments: wrong.arguments)
            : Endpoint<Data>("e", arguments: wrong.arguments)
        let error = Fixture.loadError(["e": wrong.entry], [endpoint])
        #expect(
            error
                == DescriptorError(file: "Test.plist", endpoint: "e", key: wrong.key, problem: wrong.problem))
    }

    @Test("the error's description reads file, endpoint, key, problem")
    func descriptionFormat() {
        let error = DescriptorError(
            file: "Heroes.plist", endpoint: "hero", key: "request.method", problem: "bad")
        #expect(error.description == "Heroes.plist: endpoint 'hero', key 'request.method': bad")
        #expect(
            NetworkError.invalidDescriptor(error).description
                == "invalid descriptor: Heroes.plist: endpoint 'hero', key 'request.method': bad"
        )
    }

    @Test("an endpoint declared in code but absent from the plist fails at load")
    func endpointWithoutDescriptor() {
        let error = Fixture.loadError([:], [Endpoint<Data>("missing")])
        #expect(
            error
                == DescriptorError(
                    file: "Test.plist", endpoint: "missing", key: nil, problem: "has no descriptor"))
    }

    @Test("a descriptor with no endpoint declared for it fails at load, catching a misspelt name")
    func descriptorWithoutEndpoint() {
        let error = Fixture.loadError(["helth": ["request": ["path": "/health"]]], [])
        #expect(
            error
                == DescriptorError(
                    file: "Test.plist", endpoint: "helth", key: nil,
                    problem: "has no Endpoint declared for it")
        )
    }

    @Test("an endpoint declared twice fails at load")
    func duplicateEndpoint() {
        let error = Fixture.loadError(
            ["a": ["request": ["path": "/a"]]], [Endpoint<Data>("a"), Endpoint<NoContent>("a")])
        #expect(
            error
                == DescriptorError(file: "Test.plist", endpoint: "a", key: nil, problem: "is declared twice"))
    }

    @Test("a file that is not a dictionary of endpoints fails at load, naming the file")
    func notAPlist() throws {
        #expect(
            throws: NetworkError.invalidDescriptor(
                .init(file: "x.plist", endpoint: nil, key: nil, problem: "is not a property list"))
        ) {
            try ServiceCatalog(plist: Data("{".utf8), fileName: "x.plist", endpoints: [])
        }
        #expect(
            throws: NetworkError.invalidDescriptor(
                .init(
                    file: "x.plist", endpoint: nil, key: nil,
                    problem: "must be a dictionary of endpoints by name"))
        ) {
            try ServiceCatalog(plist: (["a"] as PlistNode).data, fileName: "x.plist", endpoints: [])
        }
    }

    @Test("a call with an endpoint typed differently from the one declared at load is refused")
    func mismatchedEndpointAtCall() async throws {
        let (service, transport) = try Fixture.service(
            ["a": ["request": ["path": "/a"]]], [Endpoint<Data>("a")])
        await #expect(throws: NetworkError.self) { try await service.call(Endpoint<NoContent>("a")) }
        #expect(transport.calls.isEmpty)
    }

    @Test("a complete descriptor with every key loads")
    func everyKeyLoads() throws {
        let plist: PlistNode = [
            "save": [
                "request": [
                    "path": "/people/%0[name]?notify=%1", "method": "PUT",
                    "headers": ["X-Trace": "t-%1", "Content-Type": "application/json"],
                    "body": "%0", "timeout": 2.5, "retry": ["attempts": 4, "idempotentOnly": false],
                    "auth": "admin",
                ],
                "serialization": ["serializer": "SnakeJSON", "serializedObject": "Person"],
            ]
        ]
        let catalog = try Fixture.catalog(plist, [Endpoint<Person>("save", arguments: 2)])
        #expect(catalog.endpointNames == ["save"])
        #expect(catalog.fileName == "Test.plist")
    }
}
