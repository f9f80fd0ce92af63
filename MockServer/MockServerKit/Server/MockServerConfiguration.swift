import Foundation

/// Everything a `MockServer` is started with. The defaults suit tests: loopback, a free port,
/// the bundled fixtures, the demo users, no persistence, no added latency.
public struct MockServerConfiguration: Sendable {
    /// Where the heroes, teams and pictures come from.
    public enum Fixtures: Sendable, Equatable {
        /// The fixtures bundled with MockServerKit (`Bundle.module`).
        case bundled
        /// A directory holding `heroes.json`, `teams.json` and `pictures/<id>.png`.
        case directory(URL)
    }

    /// The address to bind (`127.0.0.1` unless you mean to serve other machines).
    public var host: String
    /// The port; 0 lets the kernel choose one (read it back from `MockServer.port`).
    public var port: Int
    /// Where the fixtures come from.
    public var fixtures: Fixtures
    /// Who may authenticate. Never taken from the served fixtures.
    public var users: [MockUser]
    /// A file where the heroes' state persists across runs (written atomically); nil for none.
    public var stateFile: URL?
    /// Milliseconds added before every API response.
    public var latencyMilliseconds: Int
    /// Connections served at once; more are answered 503 and closed.
    public var maximumConnections = 512
    /// From a request's first byte to its last; slower clients get 408 and are closed.
    public var requestTimeout = Duration.seconds(15)
    /// A connection with no bytes moving for this long is closed.
    public var idleTimeout = Duration.seconds(20)
    /// How many requests the journal keeps.
    public var journalCapacity = 1_000
    /// Waits on sockets with poll(2) even on Linux, where epoll is the default (other systems always
    /// use poll(2)); tests run both.
    public var usesPoll = false
    /// The bearer token the admin API (`/__admin/…`) and `X-Mock-Fault` (with
    /// `X-Mock-Admin-Token`) require; nil for none. Without one, both are served only when
    /// `host` is a loopback address.
    public var adminToken: String?
    /// How long a bearer token from `POST /v1/token` is accepted (`expires_in`); short in tests
    /// of a client's refresh.
    public var tokenLifetime = Duration.seconds(3600)
    /// A directory in WireMock's standalone layout (`mappings/*.json`, bodies in `__files/`):
    /// its stubs are matched before the hero routes. nil for none.
    public var rootDirectory: URL?
    /// Whether a request no stub matches goes on to the hero routes; false answers it 404.
    public var servesHeroes = true

    /// Makes a configuration.
    public init(
        host: String = "127.0.0.1", port: Int = 0, fixtures: Fixtures = .bundled,
        users: [MockUser] = MockUser.demoUsers, stateFile: URL? = nil, latencyMilliseconds: Int = 0
    ) {
        self.host = host
        self.port = port
        self.fixtures = fixtures
        self.users = users
        self.stateFile = stateFile
        self.latencyMilliseconds = latencyMilliseconds
    }

    /// Who may use the admin API and fault headers under this configuration.
    var adminAccess: AdminAccess {
        if let adminToken, !adminToken.isEmpty { return .token(adminToken) }
        let loopback =
            ["127.0.0.1", "localhost", "::1"].contains(host.lowercased()) || host.hasPrefix("127.")
        return loopback ? .open : .off
    }

    /// The directory of the bundled fixtures.
    public static var bundledFixtures: URL? {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)
    }

    /// The fixtures directory this configuration names.
    func fixturesDirectory() throws(MockServerError) -> URL {
        switch fixtures {
        case .directory(let url):
            return url
        case .bundled:
            guard let url = Self.bundledFixtures else {
                throw MockServerError("the bundled fixtures are missing from MockServerKit's resources")
            }
            return url
        }
    }
}

/// Who may use the admin API and the fault headers.
enum AdminAccess: Sendable, Equatable {
    /// Anyone who can connect: the server is bound to loopback.
    case open
    /// Whoever presents this token.
    case token(String)
    /// Nobody: bound beyond loopback without a token.
    case off
}
