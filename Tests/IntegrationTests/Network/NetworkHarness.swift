import Foundation
import Locking
import MockServerKit
import Network
import TestSupport
import Testing

/// Just enough of the API contract (docs/API.md) for the Network layer's own integration
/// tests: the Data layer owns the real hero service plist and DTOs.
enum TestAPI {
    struct Health: Codable, Sendable, Equatable { var status: String }

    struct Hero: Codable, Sendable, Equatable {
        var id: String
        var codeName: String
        var powers: [String]
        var version: Int
    }

    struct HeroInput: Codable, Sendable {
        var codeName: String
        var powers: [String]
    }

    struct Page: Codable, Sendable {
        var items: [Hero]
        var page: Int
        var perPage: Int
        var total: Int
    }

    static let health = Endpoint<Health>("health")
    static let heroes = Endpoint<Page>("heroes", arguments: 3)
    static let hero = Endpoint<Hero>("hero", arguments: 1)
    static let createHero = Endpoint<Hero>("createHero", arguments: 1)
    static let deleteHero = Endpoint<NoContent>("deleteHero", arguments: 1)
    static let picture = Endpoint<Data>("picture", arguments: 1)
    static let putPicture = Endpoint<NoContent>("putPicture", arguments: 2)
    static let endpoints: [any EndpointDeclaration] = [
        health, heroes, hero, createHero, deleteHero, picture, putPicture,
    ]

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
          <key>health</key><dict>
            <key>request</key><dict><key>path</key><string>/health</string></dict>
            <key>serialization</key><dict>
              <key>serializer</key><string>SnakeJSON</string><key>serializedObject</key><string>Health</string>
            </dict>
          </dict>
          <key>heroes</key><dict>
            <key>request</key><dict><key>path</key><string>/v1/heroes?page=%0&amp;per_page=%1&amp;q=%2</string></dict>
            <key>serialization</key><dict>
              <key>serializer</key><string>SnakeJSON</string><key>serializedObject</key><string>Page</string>
            </dict>
          </dict>
          <key>hero</key><dict>
            <key>request</key><dict><key>path</key><string>/v1/heroes/%0</string></dict>
            <key>serialization</key><dict>
              <key>serializer</key><string>SnakeJSON</string><key>serializedObject</key><string>Hero</string>
            </dict>
          </dict>
          <key>createHero</key><dict>
            <key>request</key><dict>
              <key>path</key><string>/v1/heroes</string><key>method</key><string>POST</string>
              <key>body</key><string>%0</string>
            </dict>
            <key>serialization</key><dict>
              <key>serializer</key><string>SnakeJSON</string><key>serializedObject</key><string>Hero</string>
            </dict>
          </dict>
          <key>deleteHero</key><dict>
            <key>request</key><dict>
              <key>path</key><string>/v1/heroes/%0</string><key>method</key><string>DELETE</string>
            </dict>
          </dict>
          <key>picture</key><dict>
            <key>request</key><dict><key>path</key><string>/v1/heroes/%0/picture</string></dict>
          </dict>
          <key>putPicture</key><dict>
            <key>request</key><dict>
              <key>path</key><string>/v1/heroes/%0/picture</string><key>method</key><string>PUT</string>
              <key>headers</key><dict><key>Content-Type</key><string>image/png</string></dict>
              <key>body</key><string>%1</string>
            </dict>
          </dict>
        </dict></plist>
        """

    static func catalog() throws -> ServiceCatalog {
        var registry = DescriptorRegistry()
        registry.register(serializer: JSONSerializer(keys: .snakeCase), as: "SnakeJSON")
        registry.register(model: Health.self, as: "Health")
        registry.register(model: Page.self, as: "Page")
        registry.register(model: Hero.self, as: "Hero")
        return try ServiceCatalog(
            plist: Data(plist.utf8), fileName: "TestAPI.plist", endpoints: endpoints, registry: registry)
    }
}

/// Helpers of the Network integration tests, in a namespace of their own so they cannot clash
/// with other integration tests in this target.
enum NetworkIT {
    /// The users the test servers accept; never the demo users.
    static let editor = MockUser(name: "ed", password: "ed-secret-1", role: .editor)
    static let viewer = MockUser(name: "vi", password: "vi-secret-1", role: .viewer)

    /// The services' deadline: a margin, not what these suites test (those that test it give
    /// their own). Far past what a loaded machine's slowest answer takes, stretched as every
    /// budget is under a sanitizer.
    static let deadline = TestTime.budget(.seconds(60))

    /// Starts a mock server on port 0, gives `body` a web service over `kind`'s shared
    /// transport pointed at it, then stops it.
    static func withServer(
        on kind: TransportKind,
        authentication: (any AuthenticationProvider)? = nil,
        retryPolicy: RetryPolicy = .never,
        deadline: Duration = NetworkIT.deadline,
        _ body: (MockServer, WebService) async throws -> Void
    ) async throws {
        let server = MockServer(configuration: MockServerConfiguration(users: [editor, viewer]))
        try await server.start()
        let service = WebService(
            baseURL: server.baseURL, catalog: try TestAPI.catalog(), transport: kind.transport,
            authentication: authentication, retryPolicy: retryPolicy, deadline: deadline
        )
        do {
            try await body(server, service)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// A file path of its own for one test.
    static func temporaryFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("network-it-\(UUID().uuidString)")
    }

    /// Collects progress reports from the delegate's queue.
    final class ProgressReports: Sendable {
        private let reports = Locked<[TransferReport]>([])
        var record: ProgressHandler { { report in self.reports.withLock { $0.append(report) } } }
        var all: [TransferReport] { reports.withLock { $0 } }
    }
}
