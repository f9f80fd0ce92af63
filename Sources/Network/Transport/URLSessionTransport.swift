import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `HTTPTransport`: one long-lived `URLSession` whose single delegate fans progress and
/// completion out by task identifier, avoiding every trap in the README's Platform notes.
///
/// Make one per client and keep it: sessions created and dropped while requests are in flight
/// have crashed FoundationNetworking (Platform notes #4). No task-level delegates, no KVO on
/// `task.progress` (#6), statuses are judged by the caller (#10).
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let delegate: SessionDelegate

    /// A transport over a session made from `configuration`, by default `standardConfiguration`.
    public init(configuration: URLSessionConfiguration = URLSessionTransport.standardConfiguration) {
        let delegate = SessionDelegate()
        let queue = OperationQueue()
        // One callback at a time keeps each task's events in order.
        queue.maxConcurrentOperationCount = 1
        queue.name = "URLSessionTransport.delegate"
        self.delegate = delegate
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Ephemeral, with no URL cache (ETags are the caller's business), no cookies and no
    /// credential storage (credentials go up front, Platform notes #5).
    public static var standardConfiguration: URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.urlCredentialStorage = nil
        configuration.httpMaximumConnectionsPerHost = 8
        return configuration
    }

    /// Sends `request` as a data task, or as an upload task when it has a body (for upload
    /// progress), collecting the response body in memory.
    public func data(for request: URLRequest, progress: ProgressHandler?) async throws -> HTTPResponse {
        let task: URLSessionTask
        if let body = request.httpBody {
            var bare = request
            bare.httpBody = nil
            task = session.uploadTask(with: bare, from: body)
        } else {
            task = session.dataTask(with: request)
        }
        let outcome = try await run(task, transfer: Transfer(destination: nil, progress: progress))
        return HTTPResponse(head: outcome.head, body: outcome.body)
    }

    /// Sends `request` as a download task: FoundationNetworking writes the body to a temporary
    /// file as it arrives, and the delegate moves it to `destination`.
    public func download(
        for request: URLRequest, to destination: URL, progress: ProgressHandler?
    ) async throws -> HTTPResponseHead {
        let task = session.downloadTask(with: request)
        return try await run(task, transfer: Transfer(destination: destination, progress: progress)).head
    }

    private func run(_ task: URLSessionTask, transfer: Transfer) async throws -> Transfer.Outcome {
        if Task.isCancelled {
            task.cancel()
            throw NetworkError.cancelled
        }
        let delegate = self.delegate
        let identifier = task.taskIdentifier
        delegate.register(transfer, for: identifier)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if delegate.attach(continuation, to: identifier) { task.resume() }
            }
        } onCancel: {
            delegate.cancel(identifier)
            task.cancel()
        }
    }
}
