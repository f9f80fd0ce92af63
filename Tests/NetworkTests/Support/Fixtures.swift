import Foundation
import Network
import TestSupport
import Testing

/// A model with nesting, for body encoding, `%N[key.path]` and decoding.
struct Person: Codable, Sendable, Equatable {
    struct Team: Codable, Sendable, Equatable {
        var id: String
        var name: String
    }

    var name: String
    var team: Team?
    var powers: [String] = []
    var age: Int = 40
}

/// Builds catalogs and services from literal plists, with a scripted transport.
enum Fixture {
    static let file = "Test.plist"
    static let baseURL = URL(string: "https://api.example.com/v2")

    /// A registry that knows `Person` (snake_case JSON) and an `admin` Basic provider.
    static var registry: DescriptorRegistry {
        var registry = DescriptorRegistry()
        registry.register(model: Person.self, as: "Person")
        registry.register(model: [Person].self, as: "People")
        registry.register(serializer: JSONSerializer(keys: .snakeCase), as: "SnakeJSON")
        registry.register(
            authentication: BasicAuthentication(username: "admin", password: "s3cret"), as: "admin")
        return registry
    }

    static func catalog(
        _ plist: PlistNode, _ endpoints: [any EndpointDeclaration], registry: DescriptorRegistry = registry
    ) throws -> ServiceCatalog {
        try ServiceCatalog(plist: plist.data, fileName: file, endpoints: endpoints, registry: registry)
    }

    /// A service over a new `StubTransport`, retrying without sleeping. Its deadline is far off:
    /// these tests count attempts, not time, and on a loaded machine a test can wait seconds for
    /// a thread between two of its steps (a whole suite starts at once).
    static func service(
        _ plist: PlistNode,
        _ endpoints: [any EndpointDeclaration],
        authentication: (any AuthenticationProvider)? = nil,
        retryPolicy: RetryPolicy = RetryPolicy(sleeper: RecordingSleeper()),
        deadline: Duration = .seconds(600),
        logger: NetworkLogger? = nil
    ) throws -> (WebService, StubTransport) {
        let transport = StubTransport()
        let baseURL = try #require(baseURL)
        let service = WebService(
            baseURL: baseURL,
            catalog: try catalog(plist, endpoints),
            transport: transport,
            authentication: authentication,
            retryPolicy: retryPolicy,
            deadline: deadline,
            logger: logger
        )
        return (service, transport)
    }

    /// The `DescriptorError` loading `plist` throws, or nil when it loads.
    static func loadError(
        _ plist: PlistNode, _ endpoints: [any EndpointDeclaration], registry: DescriptorRegistry = registry
    ) -> DescriptorError? {
        do {
            _ = try catalog(plist, endpoints, registry: registry)
            return nil
        } catch NetworkError.invalidDescriptor(let error) {
            return error
        } catch {
            return DescriptorError(file: "?", endpoint: nil, key: nil, problem: "unexpected \(error)")
        }
    }
}
