import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Bearer tokens that refresh once: `Authorization: Bearer …` from a token that is fetched when
/// first needed, again shortly before it expires, and again when the server refuses it (401).
///
/// Refreshing is single flight: however many requests need a new token at once, one fetch runs,
/// and every request waits for it, so none is sent with the token being replaced. When the fetch
/// fails, every waiting request fails with the same error: `NetworkError.tokenRefreshFailed`
/// around the fetch's own `NetworkError` (any other error, such as a missing password, as it is).
/// A failure is not remembered: the next request tries again, once. The token lives in this
/// actor's memory only.
public actor TokenProvider: RefreshableAuthentication {
    /// Fetches a new token (`TokenEndpoint.fetch`, or anything else that can).
    public typealias Fetch = @Sendable () async throws -> AccessToken

    private let fetch: Fetch
    private var current: AccessToken?
    private var refreshing = false
    private var waiters: [Int: CheckedContinuation<AccessToken, any Error>] = [:]
    private var nextWaiter = 0

    /// How many fetches have started, for diagnostics and tests.
    public private(set) var refreshCount = 0

    /// A provider whose tokens come from `fetch`.
    public init(fetch: @escaping Fetch) {
        self.fetch = fetch
    }

    /// Sets `Authorization: Bearer …` with a fresh token, waiting for a refresh when one is due
    /// or under way.
    public nonisolated func authenticate(_ request: inout URLRequest) async throws {
        let token = try await validToken()
        request.setValue("Bearer " + token.value, forHTTPHeaderField: "Authorization")
    }

    /// Forgets the token `request` carried, if it is still the current one, so the next
    /// `authenticate` fetches another. A request that carried an older token (refreshed since)
    /// is simply replayed with the current one; one without a bearer token is not ours to replay.
    public func rejected(_ request: URLRequest) async -> Bool {
        guard let sent = request.value(forHTTPHeaderField: "Authorization"),
            sent.lowercased().hasPrefix("bearer ")
        else { return false }
        if let current, sent == "Bearer " + current.value { self.current = nil }
        return true
    }

    /// The current token when it is fresh and no refresh is under way; otherwise the one the
    /// refresh brings, starting it if nobody has.
    func validToken() async throws -> AccessToken {
        if !refreshing, let current, current.isFresh() { return current }
        let id = nextWaiter
        nextWaiter += 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                guard !Task.isCancelled else {
                    continuation.resume(throwing: NetworkError.cancelled)
                    return
                }
                waiters[id] = continuation
                startRefreshIfNeeded()
            }
        } onCancel: {
            Task { await self.cancelWaiter(id) }
        }
    }

    private func startRefreshIfNeeded() {
        guard !refreshing else { return }
        refreshing = true
        current = nil
        refreshCount += 1
        // A task of its own: a caller cancelled mid-refresh stops waiting, and the others
        // still get the token.
        Task { [fetch] in
            let result: Result<AccessToken, any Error>
            do {
                result = .success(try await fetch())
            } catch {
                result = .failure(error)
            }
            self.finishRefresh(result)
        }
    }

    private func finishRefresh(_ result: Result<AccessToken, any Error>) {
        refreshing = false
        let waiting = waiters.values
        waiters = [:]
        switch result {
        case .success(let token):
            current = token
            for waiter in waiting { waiter.resume(returning: token) }
        case .failure(let error):
            let shared: any Error =
                switch error {
                case let failure as NetworkError:
                    NetworkError.tokenRefreshFailed(TokenRefreshFailure(failure))
                case is CancellationError: NetworkError.tokenRefreshFailed(TokenRefreshFailure(.cancelled))
                default: error
                }
            for waiter in waiting { waiter.resume(throwing: shared) }
        }
    }

    private func cancelWaiter(_ id: Int) {
        waiters.removeValue(forKey: id)?.resume(throwing: NetworkError.cancelled)
    }
}
