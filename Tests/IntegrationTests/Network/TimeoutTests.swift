import Foundation
import MockServerKit
import Network
import Testing

@Suite("Transports: descriptor timeouts")
struct TimeoutTests {
    static let quickHero = Endpoint<TestAPI.Hero>("quickHero", arguments: 1)
    /// A transport of each kind of its own, kept for the run: on the shared one, tests flooding
    /// its delegate queue with large bodies could delay a prompt answer past a sub-second deadline.
    static let transports: [TransportKind: any HTTPTransport] = Dictionary(
        uniqueKeysWithValues: TransportKind.available.map { ($0, $0.makeTransport()) })

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>quickHero</key><dict>
            <key>request</key><dict>
              <key>path</key><string>/v1/heroes/%0</string><key>timeout</key><real>0.9</real>
            </dict>
            <key>serialization</key><dict>
              <key>serializer</key><string>SnakeJSON</string><key>serializedObject</key><string>Hero</string>
            </dict>
          </dict>
        </dict></plist>
        """

    static func withService(on kind: TransportKind, _ body: (MockServer, WebService) async throws -> Void)
        async throws
    {
        var registry = DescriptorRegistry()
        registry.register(serializer: JSONSerializer(keys: .snakeCase), as: "SnakeJSON")
        registry.register(model: TestAPI.Hero.self, as: "Hero")
        let catalog = try ServiceCatalog(
            plist: Data(plist.utf8), fileName: "Quick.plist", endpoints: [quickHero], registry: registry)
        var configuration = MockServerConfiguration(users: [NetworkIT.editor])
        configuration.idleTimeout = .seconds(120)  // a stall lasts until the server gives up
        let server = MockServer(configuration: configuration)
        try await server.start()
        let service = WebService(
            baseURL: server.baseURL, catalog: catalog, transport: try #require(transports[kind]),
            retryPolicy: .never)
        do {
            try await body(server, service)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    // FoundationNetworking turns `timeoutInterval` into whole milliseconds as
    // `Int(seconds) * 1000`: 0.9 s became 0 ms, and every request timed out at once. The first
    // call pays for starting libcurl and connecting, which a loaded 2-core machine can stretch
    // past 0.9 s, so it only warms up, and a busy suite may stretch one more: of five calls, one
    // answered is enough. Truncated to 0 ms, every call would fail at once.
    @Test("a sub-second descriptor timeout lets a prompt answer through", arguments: TransportKind.available)
    func promptAnswer(kind: TransportKind) async throws {
        try await Self.withService(on: kind) { _, service in
            var answered: TestAPI.Hero?
            for _ in 1...5 where answered == nil {
                answered = try? await service.call(Self.quickHero, "0001").content
            }
            #expect(answered?.id == "0001")
        }
    }

    @Test(
        "a sub-second descriptor timeout cuts a stalled answer off soon after it passes",
        arguments: TransportKind.available)
    func stalledAnswer(kind: TransportKind) async throws {
        try await Self.withService(on: kind) { server, service in
            try server.addFault(FaultRule(method: "GET", path: "/v1/heroes/0001", fault: "stall"))
            let start = ContinuousClock.now
            await #expect(throws: NetworkError.timedOut) { try await service.call(Self.quickHero, "0001") }
            let elapsed = ContinuousClock.now - start
            #expect(elapsed >= .milliseconds(800))
            // Far below the 120 s the stall lasts, and room for a loaded machine's late timers.
            #expect(elapsed < .seconds(60))
        }
    }
}
