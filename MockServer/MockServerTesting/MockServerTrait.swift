import Foundation
import MockServerKit
import Testing

/// `@Test(.mockServer(root: "Stubs/todo-api"))`, or on a `@Suite` (one server for the suite):
/// a `withMockServer` scope around the test, its problems recorded at the test's location.
public struct MockServerTrait: TestTrait, SuiteTrait, TestScoping {
    /// The WireMock root, relative to the declaring file's folder unless absolute.
    public let root: String
    /// Heroes routes, unmatched requests, mode and target.
    public let options: MockServerOptions
    let filePath: String

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withMockServer(
            root: root, options: options, filePath: filePath, sourceLocation: test.sourceLocation
        ) { _ in try await function() }
    }
}

extension Trait where Self == MockServerTrait {
    /// A server for the test's scope serving `root` (see `withMockServer`), read through
    /// `MockServer.current`.
    public static func mockServer(
        root: String, heroes: Bool = false, failsOnUnmatchedRequests: Bool = true, target: URL? = nil,
        redactedHeaders: [String] = [], filePath: String = #filePath
    ) -> Self {
        MockServerTrait(
            root: root,
            options: MockServerOptions(
                servesHeroes: heroes, failsOnUnmatchedRequests: failsOnUnmatchedRequests, target: target,
                redactedHeaders: redactedHeaders),
            filePath: filePath)
    }

    /// A server for the test's scope with every option spelled out.
    public static func mockServer(root: String, options: MockServerOptions, filePath: String = #filePath)
        -> Self
    {
        MockServerTrait(root: root, options: options, filePath: filePath)
    }
}
