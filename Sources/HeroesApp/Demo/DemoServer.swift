import Foundation

/// The bundled demo server, run in this process; the executable supplies it, so `HeroesApp`
/// links no server.
public protocol DemoServer: Sendable {
    /// The editor writes use when no `--user` is given.
    var editor: String { get }
    /// The published password of a demo account, `nil` for a name that is not one.
    func password(for user: String) -> String?
    /// The published clearance key the demo's real names are sealed with.
    var clearanceKey: String { get }
    /// Starts it on a free loopback port, its heroes kept in `dataDirectory` between runs.
    func start(dataDirectory: URL) async throws(DemoServerError) -> RunningServer
    /// Forgets the heroes kept in `dataDirectory`, so the next start serves the fixtures again.
    func reset(dataDirectory: URL) throws(DemoServerError)
    /// Starts it for `serve`: on `port` of the loopback address, with the WireMock stubs of
    /// `rootDirectory` (a stub that does not load is a `StubConfigurationError`).
    func serve(port: Int, rootDirectory: URL?, servesHeroes: Bool) async throws -> RunningServer
}

/// A server started in this process: where it listens, and how to stop it.
public struct RunningServer: Sendable {
    /// Where it listens.
    public let baseURL: URL
    /// Stops it, waiting for the requests under way.
    public let stop: @Sendable () async -> Void

    public init(baseURL: URL, stop: @escaping @Sendable () async -> Void) {
        self.baseURL = baseURL
        self.stop = stop
    }
}

/// The demo server could not be started or reset, or this build has none (69).
public struct DemoServerError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }

    static let missing = DemoServerError(
        "no server named, and this build has no bundled demo server; give --server URL")
}

/// A stub mapping or root directory `serve --root-dir` cannot use (EX_CONFIG, 78).
public struct StubConfigurationError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
