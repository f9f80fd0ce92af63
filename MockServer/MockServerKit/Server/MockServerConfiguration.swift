import Foundation

/// What a `MockServer` starts with. Defaults suit tests: loopback, a free port, bundled
/// fixtures, demo users, no persistence, no latency.
public struct MockServerConfiguration: Sendable {
    /// Where heroes, teams and pictures come from.
    public enum Fixtures: Sendable, Equatable {
        /// Bundled with MockServerKit (`Bundle.module`).
        case bundled
        /// Holding `heroes.json`, `teams.json` and `pictures/<id>.png`.
        case directory(URL)
    }

    /// `127.0.0.1` unless you mean to serve other machines.
    public var host: String
    /// 0 lets the kernel choose (read `MockServer.port`).
    public var port: Int
    public var fixtures: Fixtures
    /// Who may authenticate; never taken from the served fixtures.
    public var users: [MockUser]
    /// Persists the heroes across runs (written atomically); nil for none.
    public var stateFile: URL?
    /// Milliseconds added before every API response.
    public var latencyMilliseconds: Int
    /// Connections served at once; more get 503 and close.
    public var maximumConnections = 512
    /// First to last byte of a request; slower clients get 408 and close.
    public var requestTimeout = Duration.seconds(15)
    /// No bytes moving this long closes a connection.
    public var idleTimeout = Duration.seconds(20)
    /// Heroes the store may hold; a create beyond gets 507 (`--max-heroes`).
    public var maximumHeroes = 5_000
    /// The pictures' bytes in all; an upload beyond gets 507 (`--max-pictures-mib`).
    public var maximumPictureBytes = 128 << 20
    /// Requests the journal keeps.
    public var journalCapacity = 1_000
    /// poll(2) even on Linux, where epoll is the default; tests run both.
    public var usesPoll = false
    /// Required by `/__admin/…` and by `X-Mock-Fault` (in `X-Mock-Admin-Token`). Without one,
    /// both are served only on a loopback `host`.
    public var adminToken: String?
    /// How long a `POST /v1/token` token lasts (`expires_in`); short in refresh tests.
    public var tokenLifetime = Duration.seconds(3600)
    /// WireMock's standalone layout (`mappings/*.json`, `__files/`), matched before the hero
    /// routes; nil for none.
    public var rootDirectory: URL?
    /// Whether unmatched requests reach the hero routes; false answers 404.
    public var servesHeroes = true
    /// Forwards every request no stub matches to this origin (`--proxy-all`): a stub of the
    /// lowest priority, tried before the hero routes; nil for none.
    public var proxyAll: URL?
    /// With `proxyAll` and `rootDirectory`: writes each proxied exchange as a stub mapping
    /// under the root directory as it happens (`--record-mappings`).
    public var recordsMappings = false
    /// Header names whose values recordings write as a pattern, never as sent, besides
    /// `Authorization` and `Cookie` (`--redact-header`).
    public var redactedHeaders: [String] = []
    /// How long a proxied request may take; then the client gets 502.
    public var proxyTimeout = Duration.seconds(30)

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

    var adminAccess: AdminAccess {
        if let adminToken, !adminToken.isEmpty { return .token(adminToken) }
        let loopback =
            ["127.0.0.1", "localhost", "::1"].contains(host.lowercased()) || host.hasPrefix("127.")
        return loopback ? .open : .off
    }

    public static var bundledFixtures: URL? {
        Bundle.module.url(forResource: "Fixtures", withExtension: nil)
    }

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

/// Who may use the admin API and fault headers.
enum AdminAccess: Sendable, Equatable {
    /// Anyone: bound to loopback.
    case open
    /// Whoever presents this token.
    case token(String)
    /// Nobody: beyond loopback without a token.
    case off
}
