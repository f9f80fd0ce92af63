import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Bearer tokens fetched when first needed, before expiry and after a 401. Single flight: one fetch
/// however many wait; each waiter gets the token or `.tokenRefreshFailed`. Failures are not remembered.
public actor TokenProvider: RefreshableAuthentication {
    public typealias Fetch = @Sendable () async throws -> AccessToken

    private let fetch: Fetch
    private var current: AccessToken?
    private var refreshing = false
    private var waiters: [Int: CheckedContinuation<AccessToken, any Error>] = [:]
    private var nextWaiter = 0

    /// Fetches started, for diagnostics and tests.
    public private(set) var refreshCount = 0

    public init(fetch: @escaping Fetch) {
        self.fetch = fetch
    }

    /// Sets `Authorization: Bearer …`, waiting for a due or running refresh.
    public nonisolated func authenticate(_ request: inout URLRequest) async throws {
        let token = try await validToken()
        request.setValue("Bearer " + token.value, forHTTPHeaderField: "Authorization")
    }

    /// Forgets the token `request` carried if still current. Returns whether to replay: false for
    /// a request without a bearer token.
    public func rejected(_ request: URLRequest) async -> Bool {
        guard let sent = request.value(forHTTPHeaderField: "Authorization"),
            sent.lowercased().hasPrefix("bearer ")
        else { return false }
        if let current, sent == "Bearer " + current.value { self.current = nil }
        return true
    }

    /// The current token when fresh; otherwise the next refresh's.
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
        // Its own task, so a caller cancelled mid-refresh does not cancel the others' token.
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
