import Foundation
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What an origin answered (the body decoded, capped), or why it could not answer.
enum ProxyOutcome: Sendable {
    case answered(status: Int, fields: [HTTPField], body: [UInt8])
    case failed(String)
}

/// The one URLSession every proxied request goes through, off the event loop. Made once for
/// the process and never invalidated: tearing a session down has crashed on Linux. Its
/// delegate refuses redirects (the client sees them) and caps each answer's body.
enum ProxyClient {
    private static let delegate = ProxyDelegate()

    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        // The clients' cookies and caches are theirs: the session keeps none of its own.
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 64
        return URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }()

    /// Sends `request`; `done` runs once, on the session's queue. Returns a cancel for a timeout.
    static func send(
        _ request: URLRequest, bodyLimit: Int, done: @escaping @Sendable (ProxyOutcome) -> Void
    ) -> @Sendable () -> Void {
        let task = session.dataTask(with: request)
        delegate.register(task, limit: bodyLimit, done: done)
        task.resume()
        let identifier = task.taskIdentifier
        return { delegate.cancel(identifier) }
    }
}

/// Per-task bodies and completions, by task identifier.
private final class ProxyDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private struct Pending {
        var body: [UInt8] = []
        let limit: Int
        var tooLarge = false
        let done: @Sendable (ProxyOutcome) -> Void
    }

    private let pending = Locked<[Int: Pending]>([:])
    /// Tasks to cancel, so a cancel needs no reference to the task itself.
    private let tasks = Locked<[Int: URLSessionTask]>([:])

    func register(_ task: URLSessionTask, limit: Int, done: @escaping @Sendable (ProxyOutcome) -> Void) {
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
        // The client gets the redirect and decides, as it would from the origin itself.
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        completionHandler(.allow)
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
        if entry.tooLarge {
            entry.done(.failed("its answer is over the \(entry.limit)-byte limit"))
            return
        }
        guard error == nil, let response = task.response as? HTTPURLResponse else {
            entry.done(.failed(Self.reason(error)))
            return
        }
        let fields = response.allHeaderFields.compactMap { name, value -> HTTPField? in
            guard let name = name as? String, !ProxyTarget.unreturned.contains(name.lowercased()) else {
                return nil
            }
            return HTTPField(name: name, value: "\(value)")
        }.sorted { $0.name.lowercased() < $1.name.lowercased() }
        entry.done(.answered(status: response.statusCode, fields: fields, body: entry.body))
    }

    private static func reason(_ error: (any Error)?) -> String {
        guard let error = error as? URLError else { return error.map { "\($0)" } ?? "no HTTP answer" }
        switch error.code {
        case .cannotConnectToHost: return "the connection was refused"
        case .timedOut: return "it did not answer in time"
        case .cannotFindHost, .dnsLookupFailed: return "its host was not found"
        case .networkConnectionLost: return "it closed the connection"
        case .cancelled: return "the request was cancelled"
        case .badServerResponse: return "its answer was not HTTP"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
            return "the TLS connection failed"
        default: return "\(error.localizedDescription) (URLError \(error.code.rawValue))"
        }
    }
}
