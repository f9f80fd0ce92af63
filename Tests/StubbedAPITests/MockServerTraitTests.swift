import Foundation
import MockServerTesting
import Network
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `MockServerTesting`: the to-do example served per test by the `.mockServer` trait, to any
/// client that takes a base URL, and the scope's other duties (unmatched requests, modes, faults).
@Suite("The .mockServer trait: a server per test scope, serving a stub folder")
struct MockServerTraitTests {
    static let todoRoot = "../../MockServer/Examples/todo-api"

    static func server() throws -> MockServer {
        try #require(MockServer.current, "no .mockServer scope")
    }

    static func get(_ path: String, from server: MockServer, headers: [String: String] = [:]) async throws
        -> (
            status: Int, body: String
        )
    {
        var request = URLRequest(url: try #require(URL(string: server.baseURL.absoluteString + path)))
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        return (status, String(decoding: data, as: UTF8.self))
    }

    @Test(
        "URLSession and Network's WebService both drive the to-do stubs the trait serves",
        .mockServer(root: todoRoot))
    func twoClients() async throws {
        let server = try Self.server()
        let (status, body) = try await Self.get("/api/todos", from: server)
        #expect(status == 200)
        #expect(body.contains(#""items""#))

        var registry = DescriptorRegistry()
        registry.register(serializer: JSONSerializer(keys: .snakeCase), as: "JSON")
        registry.register(model: ToDoAPITests.TodoList.self, as: "TodoList")
        registry.register(model: ToDoAPITests.Todo.self, as: "Todo")
        let catalog = try ServiceCatalog(
            plist: Data(ToDoAPITests.plist.utf8), fileName: "TodoService.plist",
            endpoints: [ToDoAPITests.list, ToDoAPITests.add, ToDoAPITests.todo, ToDoAPITests.remove],
            registry: registry)
        let service = WebService(
            baseURL: server.baseURL, catalog: catalog, transport: ToDoAPITests.makeTransport(),
            deadline: ToDoAPITests.deadline)
        let added = try await service.call(ToDoAPITests.add, ToDoAPITests.NewTodo(title: "Buy milk")).content
        #expect(added?.title == "Buy milk")
        #expect(try await service.call(ToDoAPITests.list).content?.items.map(\.title) == ["Buy milk"])

        let posts = try server.requests(
            matching:
                #"{"method": "POST", "urlPath": "/api/todos", "bodyPatterns": [{"matchesJsonPath": "$.title"}]}"#
        )
        #expect(posts.count == 1)
        #expect(try server.requests(matching: #"{"method": "GET", "urlPath": "/api/todos"}"#).count == 2)
    }

    @Test(
        "20 cases run in parallel, each with its own server that sees only its own requests",
        .mockServer(root: todoRoot), arguments: 0..<20)
    func parallelCases(index: Int) async throws {
        let server = try Self.server()
        for _ in 0..<3 {
            let status = try await Self.get("/api/todos?case=\(index)", from: server).status
            #expect(status == 200)
        }
        let seen = server.requests()
        #expect(seen.count == 3)
        #expect(seen.allSatisfy { $0.query == "case=\(index)" }, "\(seen.map { $0.query ?? "" })")
    }

    /// Holds each arrival until `count` have arrived.
    actor Barrier {
        let count: Int
        private var waiting: [CheckedContinuation<Void, Never>] = []

        init(count: Int) { self.count = count }

        func arrive() async {
            if waiting.count + 1 == count {
                for waiter in waiting { waiter.resume() }
                waiting = []
            } else {
                await withCheckedContinuation { waiting.append($0) }
            }
        }
    }

    @Test("20 scopes open at once get 20 servers on 20 ports")
    func twentyPorts() async throws {
        let barrier = Barrier(count: 20)
        let ports = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<20 {
                group.addTask {
                    try await withMockServer(root: Self.todoRoot) { server in
                        await barrier.arrive()
                        let status = try await Self.get("/api/todos", from: server).status
                        #expect(status == 200)
                        return server.port
                    }
                }
            }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(ports.count == 20)
        #expect(!ports.contains(0))
    }

    @Test("a request no stub matches is an issue at the end of the scope, with the near miss")
    func unmatchedRequestFails() async throws {
        try await withKnownIssue {
            try await withMockServer(root: Self.todoRoot) { server in
                let status = try await Self.get("/api/todoz", from: server).status
                #expect(status == 404)
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("No stub matches GET /api/todoz.") && text.contains("Closest stub:")
        }
    }

    @Test("with failsOnUnmatchedRequests off, an unmatched request is only a 404")
    func unmatchedRequestAllowed() async throws {
        try await withMockServer(
            root: Self.todoRoot, options: MockServerOptions(failsOnUnmatchedRequests: false)
        ) { server in
            let status = try await Self.get("/api/todoz", from: server).status
            #expect(status == 404)
            #expect(server.unmatchedRequests().count == 1)
        }
    }

    @Test("a fault added in one scope answers there, by the X-Mock-Fault rules", .mockServer(root: todoRoot))
    func faultsPerScope() async throws {
        let server = try Self.server()
        try server.addFault(FaultRule(method: "GET", path: "/api/todos", fault: "status:503", times: 2))
        var statuses: [Int] = []
        for _ in 0..<3 { statuses.append(try await Self.get("/api/todos", from: server).status) }
        #expect(statuses == [503, 503, 200])
        // More than once: a client may retry a reset kept-alive connection (libcurl does).
        try server.addFault(FaultRule(method: "GET", path: "/api/todos", fault: "reset", times: 5))
        await #expect(throws: (any Error).self) { try await Self.get("/api/todos", from: server) }
    }

    @Test("a missing stub folder in replay mode fails the scope, naming it")
    func missingRoot() async throws {
        await #expect {
            try await withMockServer(root: "no-such-stubs", options: MockServerOptions(mode: .replay)) { _ in
            }
        } throws: { error in
            "\(error)".contains("no stub folder at") && "\(error)".contains("no-such-stubs")
        }
    }
}

/// On a suite, one server serves every test in it.
@Suite("The .mockServer trait on a suite", .mockServer(root: MockServerTraitTests.todoRoot))
struct MockServerSuiteTraitTests {
    @Test("a test in the suite reads the suite's server")
    func suiteServer() async throws {
        let server = try MockServerTraitTests.server()
        let status = try await MockServerTraitTests.get("/api/todos?suite", from: server).status
        #expect(status == 200)
        #expect(server.requests().contains { $0.query == "suite" })
    }
}

/// Record and verify against a real API: here the Heroes API of an in-process `MockServer`
/// started by the test on loopback.
@Suite("The .mockServer trait's record and verify modes, against a loopback API")
struct MockServerModeTests {
    static func temporaryRoot() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mock-server-trait-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    static let credentials = "Basic " + Data("editor:editor-demo-password".utf8).base64EncodedString()

    @Test(
        "record writes the API's answer as a stub, the credential required and not written; replay serves it")
    func recordThenReplay() async throws {
        let origin = MockServer()
        try await origin.start()
        let root = try Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let recorded = try await withMockServer(
            root: root.path, options: MockServerOptions(mode: .record, target: origin.baseURL)
        ) { server in
            try await MockServerTraitTests.get(
                "/v1/heroes/0007", from: server, headers: ["Authorization": Self.credentials])
        }
        await origin.stop()
        #expect(recorded.status == 200)
        let mappings = root.appendingPathComponent("mappings")
        let files = try FileManager.default.contentsOfDirectory(atPath: mappings.path)
        #expect(files.count == 1)
        let text = try String(
            contentsOf: mappings.appendingPathComponent(try #require(files.first)), encoding: .utf8)
        #expect(!text.contains("editor-demo-password") && !text.contains(Self.credentials))
        #expect(text.contains("Authorization") && text.contains(#"".+""#))

        try await withMockServer(root: root.path, options: MockServerOptions(mode: .replay)) { server in
            let replayed = try await MockServerTraitTests.get(
                "/v1/heroes/0007", from: server, headers: ["Authorization": "Bearer anything"])
            #expect(replayed == recorded)
        }
        try await withKnownIssue {
            try await withMockServer(root: root.path, options: MockServerOptions(mode: .replay)) { server in
                let status = try await MockServerTraitTests.get("/v1/heroes/0007", from: server).status
                #expect(status == 404)
            }
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("header Authorization")
        }
    }

    @Test("two scopes recording into one root at once: the second fails, saying why")
    func twoRecorders() async throws {
        let root = try Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let target = try #require(URL(string: "http://127.0.0.1:9"))
        let options = MockServerOptions(mode: .record, target: target)
        _ = try await withMockServer(root: root.path, options: options) { _ in
            await #expect {
                try await withMockServer(root: root.path, options: options) { _ in }
            } throws: { error in
                "\(error)".contains("already recording into \(root.standardizedFileURL.path)")
            }
        }
    }

    @Test("verify reports each drift as an issue naming the stub's file and the JSON path")
    func verifyDrift() async throws {
        let origin = MockServer()
        try await origin.start()
        let root = try Self.temporaryRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let mappings = root.appendingPathComponent("mappings", isDirectory: true)
        try FileManager.default.createDirectory(at: mappings, withIntermediateDirectories: true)
        let stub = #"""
            {"request": {"method": "GET", "url": "/v1/heroes/0007"},
             "response": {"status": 200, "jsonBody": {"id": 7, "code_name": "Tidecaller"}}}
            """#
        try Data(stub.utf8).write(to: mappings.appendingPathComponent("hero.json"))
        try await withKnownIssue {
            try await withMockServer(
                root: root.path, options: MockServerOptions(mode: .verify, target: origin.baseURL)
            ) { _ in }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("mappings/hero.json") && text.contains("$.id: expected number, got string")
        }
        await origin.stop()
    }
}

/// The price of the trait per test, measured on demand: `MOCK_SERVER_SCOPE_COST=1 swift test
/// --filter MockServerScopeCostTests` (docs/PERFORMANCE.md has the figure).
@Suite("What one scope's start and stop cost")
struct MockServerScopeCostTests {
    /// `HEROES_TEST_TIME_SCALE`, for a sanitizer's slow threads; 1 when unset.
    static var scale: Int {
        ProcessInfo.processInfo.environment["HEROES_TEST_TIME_SCALE"].flatMap(Int.init).map {
            min(max($0, 1), 100)
        }
            ?? 1
    }

    @Test(
        "100 empty scopes on the to-do stubs against 100 without: at most 10 ms more each, at the median",
        .enabled(if: ProcessInfo.processInfo.environment["MOCK_SERVER_SCOPE_COST"] != nil))
    func medianScopeCost() async throws {
        let clock = ContinuousClock()
        var scoped: [Duration] = []
        var bare: [Duration] = []
        for index in 0..<100 {
            bare.append(await clock.measure { await Self.body(index) })
            scoped.append(
                try await clock.measure {
                    try await withMockServer(root: MockServerTraitTests.todoRoot) { _ in
                        await Self.body(index)
                    }
                })
        }
        let median = { (samples: [Duration]) in samples.sorted()[samples.count / 2] }
        let cost = median(scoped) - median(bare)
        print("scope cost: median \(cost) (scoped \(median(scoped)), bare \(median(bare)), 100 each)")
        #expect(cost <= .milliseconds(10) * Self.scale)
    }

    /// An empty test's body.
    static func body(_ index: Int) async {
        await Task.yield()
    }
}
