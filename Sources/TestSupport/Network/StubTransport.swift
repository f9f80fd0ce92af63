import Foundation
import Locking
import Network
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers from a script per route (`"GET /v1/heroes/0007"`), each once; running out fails the test.
public final class StubTransport: HTTPTransport {
    public struct Call: Sendable, Equatable {
        public let method: String
        /// As sent.
        public let url: String
        public let headers: [String: String]
        public let body: Data?
        public let isDownload: Bool
    }

    private struct State {
        var scripts: [String: [StubResponse]] = [:]
        var calls: [Call] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Locked(State())

    public init() {}

    /// `route` such as `"GET /v1/heroes"`.
    public func on(_ route: String, _ responses: StubResponse...) {
        state.withLock { $0.scripts[route, default: []].append(contentsOf: responses) }
    }

    public var calls: [Call] { state.withLock { $0.calls } }

    /// Returns once `count` calls have arrived, so a test need not poll. Give it a `.timeLimit`.
    public func waitForCalls(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let reached = state.withLock { state in
                guard state.calls.count < count else { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if reached { continuation.resume() }
        }
    }

    /// To check a test used all it set up.
    public var unusedRoutes: [String] {
        state.withLock { $0.scripts.filter { !$0.value.isEmpty }.keys.sorted() }
    }

    public func data(for request: URLRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
        try await answer(request, isDownload: false, progress: progress)
    }

    public func download(
        for request: URLRequest, to destination: URL, progress: ProgressHandler?
    ) async throws -> HTTPResponseHead {
        let response = try await answer(request, isDownload: true, progress: progress)
        do {
            try response.body.write(to: destination, options: .atomic)
        } catch {
            throw NetworkError.transport(code: -1, message: "StubTransport cannot write \(destination.path)")
        }
        return response.head
    }

    private func answer(_ request: URLRequest, isDownload: Bool, progress: ProgressHandler?) async throws
        -> HTTPResponse
    {
        let call = Call(
            method: request.httpMethod ?? "GET",
            url: request.url?.absoluteString ?? "",
            headers: request.allHTTPHeaderFields ?? [:],
            body: request.httpBody,
            isDownload: isDownload
        )
        let route = Self.routes(for: call)
        let (scripted, reached) = state.withLock { state in
            state.calls.append(call)
            let reached = state.waiters.filter { $0.count <= state.calls.count }.map(\.continuation)
            state.waiters.removeAll { $0.count <= state.calls.count }
            let key = route.first { state.scripts[$0]?.isEmpty == false }
            return (key.flatMap { state.scripts[$0]?.removeFirst() }, reached)
        }
        for continuation in reached { continuation.resume() }
        guard let scripted else {
            let name = "StubTransport: \(route[0]) (\(call.url))"
            Issue.record("\(name) was called, but the test scripted no answer for it")
            throw UnimplementedCall(name: name)
        }
        for report in scripted.progress { progress?(report) }
        if scripted.delay > .zero {
            do {
                try await Task.sleep(for: scripted.delay)
            } catch {
                throw NetworkError.cancelled
            }
        }
        if Task.isCancelled { throw NetworkError.cancelled }
        return try scripted.outcome.get()
    }

    /// With its query, then without.
    private static func routes(for call: Call) -> [String] {
        guard let components = URLComponents(string: call.url) else { return ["\(call.method) \(call.url)"] }
        let path = "\(call.method) \(components.percentEncodedPath)"
        guard let query = components.percentEncodedQuery else { return [path] }
        return [path + "?" + query, path]
    }
}
