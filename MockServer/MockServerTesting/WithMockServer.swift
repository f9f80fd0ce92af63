import Foundation
@_exported import MockServerKit
import Testing

extension MockServer {
    /// The server of the innermost `withMockServer` scope (or `.mockServer` trait); nil outside one.
    @TaskLocal public static var current: MockServer?
}

/// What went wrong in a scope, for a caller outside Swift Testing (an XCTest case), where the
/// problems cannot be recorded as issues.
public struct MockServerScopeFailure: Error, CustomStringConvertible, Sendable {
    /// One entry per unexpected request or drift.
    public let problems: [String]

    public var description: String { problems.joined(separator: "\n") }
}

/// Starts a server on `127.0.0.1:0` serving the WireMock root `root` (resolved against the folder
/// of `filePath` unless absolute), runs `body` with it (also as `MockServer.current`), and stops
/// it whatever `body` did, after up to `options.drainTimeout` for requests under way. Then each
/// unmatched request (with its near miss) and, in `verify` mode, each drift is a problem: an issue
/// at `sourceLocation` under Swift Testing, otherwise a thrown `MockServerScopeFailure` (unless
/// `body` threw: its error is rethrown).
public func withMockServer<Value>(
    root: String, options: MockServerOptions = MockServerOptions(), filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation, isolation: isolated (any Actor)? = #isolation,
    _ body: (MockServer) async throws -> Value
) async throws -> Value {
    let scope = try await MockServerScope.start(root: root, options: options, filePath: filePath)
    let outcome: Result<Value, any Error>
    do {
        outcome = .success(
            try await MockServer.$current.withValue(scope.server) { try await body(scope.server) })
    } catch {
        outcome = .failure(error)
    }
    let problems = await scope.finish()
    if Test.current != nil {
        for problem in problems { Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation) }
    } else if !problems.isEmpty, case .success = outcome {
        throw MockServerScopeFailure(problems: problems)
    }
    return try outcome.get()
}
