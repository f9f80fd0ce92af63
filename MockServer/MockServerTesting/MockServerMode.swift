import Foundation
import MockServerKit

/// Where a scope's answers come from, read from `MOCK_SERVER_MODE` unless the scope names one.
public enum MockServerMode: String, Sendable, CaseIterable {
    /// Only the stub folder answers; nothing leaves the machine. The default.
    case replay
    /// Requests no stub matches go to the target and are written into the root as stubs.
    case record
    /// The root's stubs are checked against the target, as `mock-server verify` does, and the
    /// stubs answer the test.
    case verify

    /// `MOCK_SERVER_MODE`: `replay`, `record` or `verify`.
    public static let variable = "MOCK_SERVER_MODE"
    /// `MOCK_SERVER_TARGET`: the real API's base URL, for `record` and `verify`.
    public static let targetVariable = "MOCK_SERVER_TARGET"

    /// The mode `environment` names; `replay` when it names none.
    public static func from(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(MockServerError) -> MockServerMode {
        guard let text = environment[variable], !text.isEmpty else { return .replay }
        guard let mode = MockServerMode(rawValue: text.lowercased()) else {
            throw MockServerError("\(variable)=\(text) is not one of replay, record, verify")
        }
        return mode
    }
}

/// How a scope's server is set up and what fails the test.
public struct MockServerOptions: Sendable {
    /// Whether a request no stub matches reaches the Heroes routes; otherwise it gets a 404.
    public var servesHeroes: Bool
    /// Whether each request nothing matched is a test issue at the end of the scope.
    public var failsOnUnmatchedRequests: Bool
    /// Nil reads `MOCK_SERVER_MODE`.
    public var mode: MockServerMode?
    /// The real API for `record` and `verify`; nil reads `MOCK_SERVER_TARGET`.
    public var target: URL?
    /// Headers recorded as required and never written, besides `Authorization`, `Cookie` and
    /// the secret-looking names the recorder always redacts.
    public var redactedHeaders: [String]
    /// How long the end of the scope waits for requests still under way.
    public var drainTimeout: Duration

    /// Options with the defaults: stubs only, unmatched requests fail, the mode from the environment.
    public init(
        servesHeroes: Bool = false, failsOnUnmatchedRequests: Bool = true, mode: MockServerMode? = nil,
        target: URL? = nil, redactedHeaders: [String] = [], drainTimeout: Duration = .seconds(1)
    ) {
        self.servesHeroes = servesHeroes
        self.failsOnUnmatchedRequests = failsOnUnmatchedRequests
        self.mode = mode
        self.target = target
        self.redactedHeaders = redactedHeaders
        self.drainTimeout = drainTimeout
    }
}
