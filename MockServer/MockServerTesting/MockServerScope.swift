import Foundation
import Locking
import MockServerKit

/// One scope's server, from its start to the problems it leaves.
struct MockServerScope: Sendable {
    let server: MockServer
    let root: URL
    let mode: MockServerMode
    let target: URL?
    let options: MockServerOptions

    /// Roots a scope is recording into: a second recorder would write over the first one's files.
    private static let recordingRoots = Locked(Set<String>())

    static func start(root: String, options: MockServerOptions, filePath: String) async throws
        -> MockServerScope
    {
        let folder =
            root.hasPrefix("/")
            ? URL(fileURLWithPath: root, isDirectory: true)
            : URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(
                root, isDirectory: true)
        let rootURL = folder.standardizedFileURL
        let mode = try options.mode ?? MockServerMode.from()
        let target = try Self.target(mode: mode, options: options)
        var isFolder: ObjCBool = false
        if mode != .record,
            !FileManager.default.fileExists(atPath: rootURL.path, isDirectory: &isFolder)
                || !isFolder.boolValue
        {
            throw MockServerError(
                "no stub folder at \(rootURL.path); record one with \(MockServerMode.variable)=record")
        }
        if mode == .record {
            let claimed = recordingRoots.withLock { $0.insert(rootURL.path).inserted }
            guard claimed else {
                throw MockServerError(
                    "another scope is already recording into \(rootURL.path); two recordings into one root "
                        + "would write over each other's stubs, so give each test its own root")
            }
        }
        var configuration = MockServerConfiguration()
        configuration.rootDirectory = rootURL
        configuration.servesHeroes = options.servesHeroes
        configuration.redactedHeaders = options.redactedHeaders
        if mode == .record {
            configuration.proxyAll = target
            configuration.recordsMappings = true
        }
        let server = MockServer(configuration: configuration)
        do {
            try await server.start()
        } catch {
            if mode == .record { _ = recordingRoots.withLock { $0.remove(rootURL.path) } }
            throw error
        }
        return MockServerScope(server: server, root: rootURL, mode: mode, target: target, options: options)
    }

    /// The named target, or `MOCK_SERVER_TARGET`; required by `record` and `verify`.
    private static func target(mode: MockServerMode, options: MockServerOptions) throws(MockServerError)
        -> URL?
    {
        guard mode != .replay else { return nil }
        if let target = options.target { return target }
        let text = ProcessInfo.processInfo.environment[MockServerMode.targetVariable] ?? ""
        guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https" else {
            throw MockServerError(
                "\(mode.rawValue) mode needs the real API: set \(MockServerMode.targetVariable) to its "
                    + "http(s) base URL, or name it with target:")
        }
        return url
    }

    /// Stops the server (after requests under way, within the drain timeout), then lists what
    /// fails the test: unmatched requests with their near misses, and drift in `verify` mode.
    func finish() async -> [String] {
        await server.stop(waitingUpTo: options.drainTimeout)
        if mode == .record { _ = Self.recordingRoots.withLock { $0.remove(root.path) } }
        var problems: [String] = []
        if options.failsOnUnmatchedRequests {
            problems += server.unmatchedRequests().map { unmatched in
                "unexpected request to the mock server (\(root.lastPathComponent)):\n"
                    + unmatched.nearMiss.trimmingCharacters(in: .whitespacesAndNewlines)
            }
        }
        if mode == .verify, let target {
            problems += await ScopeVerify.drift(root: root, against: target)
        }
        return problems
    }
}
