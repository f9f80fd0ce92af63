import Foundation
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an origin answered (the body decoded, capped), or why it could not answer.
enum OriginOutcome: Sendable {
    case answered(status: Int, fields: [HTTPField], body: [UInt8])
    case failed(String)
}

/// The server's one outbound client, for proxying and `verify`: one URLSession for the process,
/// never invalidated (tearing sessions down has crashed on Linux), storing nothing. Its one
/// session delegate (task delegates are unreliable on Linux) refuses redirects and declines
/// authentication challenges, so a 3xx or a 401 reaches the caller as an answer (a declined 401
/// keeps its status and fields; FoundationNetworking drops its body), and caps each body.
enum OriginClient {
    private static let delegate = OriginDelegate()

    private static let session: URLSession = {
        // From `.default` with storage off: `.ephemeral` still makes a cache folder on Linux.
        let configuration = URLSessionConfiguration.default
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 64
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }()

    /// Sends `request`; `done` runs once, off the caller's thread. Returns a cancel, for a deadline:
    /// FoundationNetworking's own timeouts are unreliable under load.
    static func send(
        _ request: URLRequest, bodyLimit: Int, done: @escaping @Sendable (OriginOutcome) -> Void
    ) -> @Sendable () -> Void {
        let task = session.dataTask(with: request)
        delegate.register(task, limit: bodyLimit, done: done)
        task.resume()
        let identifier = task.taskIdentifier
        return { delegate.cancel(identifier) }
    }

    /// Sends `request` and waits for the outcome, at most `deadline`.
    static func send(_ request: URLRequest, bodyLimit: Int, deadline: Duration) async -> OriginOutcome {
        let cancel = Locked<(@Sendable () -> Void)?>(nil)
        let expired = Locked(false)
        let timer = Task {
            try await Task.sleep(for: deadline)
            expired.withLock { $0 = true }
            cancel.withLock { $0 }?()
        }
        defer { timer.cancel() }
        let outcome = await withCheckedContinuation { continuation in
            cancel.withLock {
                $0 = send(request, bodyLimit: bodyLimit) { continuation.resume(returning: $0) }
            }
        }
        guard expired.withLock({ $0 }) else { return outcome }
        return .failed("it did not answer within \(deadline.components.seconds) s")
    }
}

/// Per-task bodies and completions, by task identifier.
private final class OriginDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending {
        var body: [UInt8] = []
        let limit: Int
        var tooLarge = false
        var declinedChallenge = false
        let done: @Sendable (OriginOutcome) -> Void
    }

    private let pending = Locked<[Int: Pending]>([:])
    /// Tasks to cancel, so a cancel needs no reference to the task itself.
    private let tasks = Locked<[Int: URLSessionTask]>([:])

    func register(_ task: URLSessionTask, limit: Int, done: @escaping @Sendable (OriginOutcome) -> Void) {
        pending.withLock { $0[task.taskIdentifier] = Pending(limit: limit, done: done) }
        tasks.withLock { $0[task.taskIdentifier] = task }
    }

    func cancel(_ identifier: Int) {
        tasks.withLock { $0[identifier] }?.cancel()
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(.allow)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        pending.withLock { $0[task.taskIdentifier]?.declinedChallenge = true }
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = pending.withLock { pending -> Bool in
            guard var entry = pending[dataTask.taskIdentifier], !entry.tooLarge else { return false }
            if entry.body.count + data.count > entry.limit {
                entry.tooLarge = true
                entry.body = []
            } else {
                entry.body.append(contentsOf: data)
            }
            pending[dataTask.taskIdentifier] = entry
            return entry.tooLarge
        }
        if over { dataTask.cancel() }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        tasks.withLock { $0[task.taskIdentifier] = nil }
        guard let entry = pending.withLock({ $0.removeValue(forKey: task.taskIdentifier) }) else { return }
        let response = task.response as? HTTPURLResponse
        if entry.tooLarge {
            entry.done(.failed("its answer is over the \(entry.limit)-byte limit"))
        } else if let response, error == nil || (entry.declinedChallenge && response.statusCode == 401) {
            let fields = response.allHeaderFields.compactMap { name, value -> HTTPField? in
                (name as? String).map { HTTPField(name: $0, value: "\(value)") }
            }.sorted { $0.name.lowercased() < $1.name.lowercased() }
            entry.done(.answered(status: response.statusCode, fields: fields, body: entry.body))
        } else {
            entry.done(.failed(Self.reason(error)))
        }
    }

    private static func reason(_ error: (any Error)?) -> String {
        guard let error = error as? URLError else { return error.map { "\($0)" } ?? "no HTTP answer" }
        switch error.code {
        case .cannotConnectToHost: return "connection refused"
        case .timedOut: return "it did not answer in time"
        case .cannotFindHost, .dnsLookupFailed: return "host not found"
        case .networkConnectionLost: return "it closed the connection"
        case .cancelled: return "the request was cancelled"
        case .badServerResponse: return "its answer was not HTTP"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
            return "the TLS connection failed"
        default: return "\(error.localizedDescription) (URLError \(error.code.rawValue))"
        }
    }
}
