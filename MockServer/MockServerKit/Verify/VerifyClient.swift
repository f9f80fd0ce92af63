import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an origin answered.
struct VerifyAnswer: Sendable {
    let status: Int
    let contentType: String?
    let body: [UInt8]
}

/// The origin could not be reached: refused, no such host, timed out…
struct VerifyUnreachable: Error, Sendable {
    let reason: String
}

/// `verify`'s HTTP client: one URLSession for the process, never invalidated (FoundationNetworking
/// crashes on sessions dropped with work in flight), one session delegate for every task (task
/// delegates are unreliable there), redirects not followed, nothing stored.
final class VerifyClient: Sendable {
    static let shared = VerifyClient()
    /// Each request's deadline, in seconds.
    static let timeout: TimeInterval = 10

    private let session: URLSession
    private let delegate = VerifyDelegate()

    private init() {
        // From `.default` with storage off: `.ephemeral` still creates a cache folder under `~`
        // on Linux.
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = Self.timeout
        configuration.timeoutIntervalForResource = Self.timeout
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    /// Sends `request`; a 4xx or 5xx is an answer, a transport failure throws.
    func send(_ request: URLRequest) async throws -> VerifyAnswer {
        let task: URLSessionTask
        if let body = request.httpBody {
            var bare = request
            bare.httpBody = nil
            task = session.uploadTask(with: bare, from: body)
        } else {
            task = session.dataTask(with: request)
        }
        let delegate = self.delegate
        let identifier = task.taskIdentifier
        return try await withCheckedThrowingContinuation { continuation in
            delegate.register(identifier, continuation)
            // Our own deadline too: FoundationNetworking's timeouts are unreliable under load.
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.timeout + 1) {
                if delegate.expire(identifier) { task.cancel() }
            }
            task.resume()
        }
    }
}

/// Collects each task's bytes and resumes its caller when it completes.
/// `@unchecked Sendable`: `pending` is only touched under `lock`.
private final class VerifyDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private struct Pending {
        let continuation: CheckedContinuation<VerifyAnswer, any Error>
        var body: [UInt8] = []
        var declinedChallenge = false
        var expired = false
    }

    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]

    func register(_ identifier: Int, _ continuation: CheckedContinuation<VerifyAnswer, any Error>) {
        lock.withLock { pending[identifier] = Pending(continuation: continuation) }
    }

    /// Marks a task still running at its deadline; false when it has finished.
    func expire(_ identifier: Int) -> Bool {
        lock.withLock {
            guard pending[identifier] != nil else { return false }
            pending[identifier]?.expired = true
            return true
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock { pending[dataTask.taskIdentifier]?.body.append(contentsOf: data) }
    }

    /// A redirect is an answer to compare, not a place to go.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    /// Declined, so a 401 stays an answer (answering a challenge can hang FoundationNetworking).
    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        lock.withLock { pending[task.taskIdentifier]?.declinedChallenge = true }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let done = lock.withLock({ pending.removeValue(forKey: task.taskIdentifier) }) else { return }
        let http = task.response as? HTTPURLResponse
        let answered = done.declinedChallenge && http?.statusCode == 401
        if done.expired {
            done.continuation.resume(
                throwing: VerifyUnreachable(reason: "timed out after \(Int(VerifyClient.timeout)) s"))
        } else if let error, !answered {
            done.continuation.resume(throwing: VerifyUnreachable(reason: Self.reason(error)))
        } else if let http {
            let contentType =
                http.allHeaderFields.first { name, _ in
                    (name as? String).map { asciiCaseInsensitiveEqual($0, "Content-Type") } ?? false
                }?.value as? String
            done.continuation.resume(
                returning: VerifyAnswer(status: http.statusCode, contentType: contentType, body: done.body))
        } else {
            done.continuation.resume(throwing: VerifyUnreachable(reason: "not an HTTP response"))
        }
    }

    private static func reason(_ error: any Error) -> String {
        guard let url = error as? URLError else { return "\(error.localizedDescription)" }
        switch url.code {
        case .cannotConnectToHost: return "connection refused"
        case .cannotFindHost, .dnsLookupFailed: return "host not found"
        case .timedOut: return "timed out after \(Int(VerifyClient.timeout)) s"
        case .networkConnectionLost: return "connection lost"
        default: return "\(url.localizedDescription) (URLError \(url.code.rawValue))"
        }
    }
}
